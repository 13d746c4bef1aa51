import { createCookie } from "@remix-run/node";
import crypto from "node:crypto";
import { isProduction } from "./env.server";
import { sessionSecrets } from "./secret.server";

export const SESSION_DAYS = 30;

let cookie: ReturnType<typeof createCookie> | undefined;

/** The cookie holds only a signed random token; the session itself is a row (models/session.server.ts). */
function sessionCookie() {
  cookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(),
    path: "/",
    maxAge: SESSION_DAYS * 24 * 60 * 60,
    secrets: sessionSecrets(),
  });
  return cookie;
}

/** Rows are keyed by the token's hash, so a copy of the sessions table signs nobody in. */
function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A new random token (for the cookie) and the id its row is stored under. */
export function newSessionToken() {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, id: hashToken(token) };
}

/** The session id (hash) named by the request's cookie, if the cookie is present and correctly signed. */
export async function sessionIdFromRequest(request: Request): Promise<string | null> {
  const token = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof token === "string" && token.length >= 32 ? hashToken(token) : null;
}

export function sessionCookieHeader(token: string) {
  return sessionCookie().serialize(token);
}

export function clearSessionCookieHeader() {
  return sessionCookie().serialize("", { maxAge: 0 });
}
