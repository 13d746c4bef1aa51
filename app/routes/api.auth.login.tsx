import * as z from "zod";
import { defineApi } from "~/api/define-api.server";
import { json, operation, ref } from "~/api/operation";
import { authenticate } from "~/auth/sign-in.server";
import { toPublicUser } from "~/models/user.server";
import { jsonResponse } from "~/http/api.server";
import { requestInfo } from "~/http/request-info.server";
import { SESSION_COOKIE } from "~/http/session-cookie.server";

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The sign-in's fields. One missing or not a string counts as blank, as an empty form field does: the
 * sign-in answers it (400 `Please enter both username and password`), never as invalid input.
 */
const signInBody = z.preprocess(
  (body) => {
    const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
    return { username: text(fields.username), password: text(fields.password) };
  },
  z.object({ username: z.string(), password: z.string() }),
);

/** POST {username, password}: 200 with the user and a new session cookie (CONTRACT.md "Signing in"). */
export const api = defineApi([
  operation({
    method: "POST",
    id: "signIn",
    tag: "Authentication",
    summary: "Sign in",
    description:
      "Starts a session: the answer sets the session cookie. The username is the e-mail, any case.",
    access: "public",
    body: signInBody,
    answers: {
      200: json("The signed-in user. `Set-Cookie` carries the new session.", ref("User"), {
        "Set-Cookie": {
          description: `\`${SESSION_COOKIE}=…; HttpOnly; SameSite=Lax\``,
          schema: { type: "string" },
        },
      }),
    },
    errors: {
      400: "`Please enter both username and password` when either is blank.",
      401: "`Invalid username or password`: a wrong password, an unknown or an inactive user alike.",
      429: "`Too many sign-in attempts. Try again later.` after 10 failures for one username, or 100 from one address, within 15 minutes.",
    },
    handler: async ({ request, context, body }) => {
      // The JSON body goes through the same remix-auth FormStrategy as the page's form.
      const formRequest = new Request(request.url, { method: "POST", body: new URLSearchParams(body) });
      const { user, setCookie } = await authenticate(formRequest, request, requestInfo(request, context));
      return jsonResponse(toPublicUser(user), { headers: { "Set-Cookie": setCookie } });
    },
  }),
]);

export const { loader, action } = api;
