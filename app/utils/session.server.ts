import { isProduction } from "./env.server";
import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { db } from "./db.server";
import { sessionSecrets } from "./secret.server";
import type { RequestInfo } from "./request-info.server";

const SESSION_DAYS = 30;

let cookie: ReturnType<typeof createCookie> | undefined;

/** The cookie holds only a signed random token; the session itself is a row in PostgreSQL. */
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

/** Rows are keyed by the token's hash, so a copy of the table signs nobody in. */
function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The session id (hash) named by the request's cookie, if the cookie is present and correctly signed. */
export async function sessionIdFromRequest(request: Request): Promise<string | null> {
  const token = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof token === "string" && token.length >= 32 ? hashToken(token) : null;
}

/** Starts a new session (a new id at every sign-in) and returns its Set-Cookie header. */
export async function createSession(userId: string, info: RequestInfo): Promise<string> {
  const sql = await db();
  const token = crypto.randomBytes(32).toString("base64url");
  await sql`
    insert into sessions (id, user_id, expires_at, ip_address, user_agent)
    values (${hashToken(token)}, ${userId}, now() + ${SESSION_DAYS} * interval '1 day',
            ${info.ipAddress}, ${info.userAgent})`;
  // Expired rows are of no use to anyone; sweeping at sign-in keeps the table small without a timer.
  await sql`delete from sessions where expires_at < now()`;
  return sessionCookie().serialize(token);
}

/** Ends the session named by the request (not the user's others) and returns the clearing Set-Cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await sessionIdFromRequest(request);
  if (id) {
    const sql = await db();
    await sql`delete from sessions where id = ${id}`;
  }
  return sessionCookie().serialize("", { maxAge: 0 });
}
