import { redirect } from "@remix-run/node";
import { defineApi } from "~/api/define-api.server";
import { operation, redirectHome } from "~/api/operation";
import { deleteSession } from "~/models/session.server";
import { clearSessionCookieHeader, sessionIdFromRequest } from "~/http/session-cookie.server";

/** Ends this session only (not the user's others), then goes home. */
async function logout({ request }: { request: Request }) {
  const id = await sessionIdFromRequest(request);
  if (id) await deleteSession(id);
  return redirect("/", { headers: { "Set-Cookie": await clearSessionCookieHeader() } });
}

/** GET and POST both sign out: a link and a form alike. */
export const api = defineApi(
  (["GET", "POST"] as const).map((method) =>
    operation({
      method,
      id: method === "GET" ? "signOut" : "signOutByPost",
      tag: "Authentication",
      summary: "Sign out",
      description: "Ends this session (not the user's others) and goes to the app.",
      access: "optional-session",
      answers: {
        302: redirectHome("To the app; `Set-Cookie` clears the session cookie.", {
          "Set-Cookie": { schema: { type: "string" } },
        }),
      },
      handler: logout,
    }),
  ),
);

export const { loader, action } = api;
