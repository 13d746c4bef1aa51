import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { destroySession } from "~/utils/session.server";

/** Ends this session only (not the user's others), then goes home. GET and POST both work. */
async function logout({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await destroySession(request) } });
}

export const loader = logout;
export const action = logout;
