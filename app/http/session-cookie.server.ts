import { createCookie } from "@remix-run/node";
import { isProduction } from "~/utils/env.server";
import { LruMap } from "~/utils/lru-map";
import { sessionSecrets } from "./secret.server";
import { SESSION_DAYS } from "~/models/session.server";
import { hashToken, randomToken } from "~/utils/tokens.server";

export const SESSION_COOKIE = "__session";

let cookie: ReturnType<typeof createCookie> | undefined;

/** The cookie holds only a signed random token; the session itself is a row (models/session.server.ts). */
function sessionCookie() {
  cookie ??= createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(),
    path: "/",
    maxAge: SESSION_DAYS * 24 * 60 * 60,
    secrets: sessionSecrets(),
  });
  return cookie;
}

/** A new random token (for the cookie) and the id its row is stored under (its hash). */
export function newSessionToken() {
  const token = randomToken();
  return { token, id: hashToken(token) };
}

/**
 * Cookie headers already found correctly signed, with the session id each names. Checking the signature and
 * hashing the token showed in a JSON answer's CPU profile, on every request of a session. The id is a pure
 * function of the header, so remembering it changes no answer: the session row is still read every time. At
 * most 1,000 headers of at most 16 KB each (Node's limit for a request's headers) are kept, the least recently
 * used forgotten first (docs/scaling.md "Memory").
 */
const verifiedCookies = new LruMap<string, string>(1000);

/** The session id (hash) named by the request's cookie, if the cookie is present and correctly signed. */
export function sessionIdFromRequest(request: Request): Promise<string | null> {
  return sessionIdFromCookie(request.headers.get("cookie"));
}

/** The session id (hash) named by a Cookie header, if it holds a correctly signed session cookie. */
export async function sessionIdFromCookie(header: string | null | undefined): Promise<string | null> {
  if (!header) return null;
  const known = verifiedCookies.get(header);
  if (known) return known;
  const token = await sessionCookie().parse(header);
  if (typeof token !== "string" || token.length < 32) return null;
  const id = hashToken(token);
  verifiedCookies.set(header, id);
  return id;
}

/** Whether a Cookie header carries a session cookie at all, valid or not (server.ts's cross-site check). */
export function hasSessionCookie(cookieHeader: string | null | undefined) {
  return (cookieHeader ?? "").split(";").some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

export function sessionCookieHeader(token: string) {
  return sessionCookie().serialize(token);
}

export function clearSessionCookieHeader() {
  return sessionCookie().serialize("", { maxAge: 0 });
}
