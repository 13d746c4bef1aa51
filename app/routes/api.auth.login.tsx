import { authenticate } from "~/auth/sign-in.server";
import { toPublicUser } from "~/models/user.server";
import { apiRoute, jsonResponse, methodNotAllowed, readJson } from "~/http/api.server";
import { requestInfo } from "~/http/request-info.server";

export const loader = () => methodNotAllowed("POST");

/** POST {username, password}: 200 with the user and a new session cookie (CONTRACT.md "Signing in"). */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJson(request);
  const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  // The JSON body goes through the same remix-auth FormStrategy as the page's form.
  const formRequest = new Request(request.url, {
    method: "POST",
    body: new URLSearchParams({ username: text(fields.username), password: text(fields.password) }),
  });
  const { user, setCookie } = await authenticate(formRequest, request, requestInfo(request, context));
  return jsonResponse(toPublicUser(user), { headers: { "Set-Cookie": setCookie } });
});
