import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteSession } from "~/models/session.server";
import { methodNotAllowed } from "~/http/api.server";
import { clearSessionCookieHeader, sessionIdFromRequest } from "~/http/session-cookie.server";

/** Ends this session only (not the user's others), then goes home. GET and POST both work. */
async function logout({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const id = await sessionIdFromRequest(request);
  if (id) await deleteSession(id);
  return redirect("/", { headers: { "Set-Cookie": await clearSessionCookieHeader() } });
}

export const loader = logout;
export const action = (args: ActionFunctionArgs) =>
  args.request.method === "POST" ? logout(args) : methodNotAllowed("GET, POST");
