import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { recordAudit } from "~/models/audit.server";
import { beginSignInAttempt, forgetSignInAttempt, sweepSignInAttempts } from "~/models/login-attempt.server";
import {
  findLoginCandidate,
  getSessionUser,
  getUser,
  type Actor,
  type SessionUser,
  type User,
} from "~/models/user.server";
import { ApiError, forbidden, unauthorized } from "./api.server";
import { db } from "./db.server";
import { verifyPassword } from "./password.server";
import { SIGN_IN_MESSAGES } from "./sign-in-messages";
import { requestInfo, type RequestInfo } from "./request-info.server";
import { createSession, sessionIdFromRequest } from "./session.server";

type SignedIn = { user: User; setCookie: string };

/**
 * Signs a user in from a form body (username, password) through remix-auth's FormStrategy. The
 * authenticator is made per request because the verify step needs the caller's address for rate limiting.
 * Throws ApiError 400, 401 or 429 with CONTRACT.md's messages.
 */
export function authenticate(formRequest: Request, info: RequestInfo): Promise<SignedIn> {
  const authenticator = new Authenticator<SignedIn>();
  authenticator.use(
    new FormStrategy(({ form }) => verifySignIn(form.get("username"), form.get("password"), info)),
    "form",
  );
  return authenticator.authenticate("form", formRequest);
}

async function verifySignIn(
  rawUsername: unknown,
  rawPassword: unknown,
  info: RequestInfo,
): Promise<SignedIn> {
  // E-mails are at most 254 characters; a longer "username" is nobody, and is not stored at full length.
  const username = typeof rawUsername === "string" ? rawUsername.trim().toLowerCase().slice(0, 255) : "";
  const password = typeof rawPassword === "string" ? rawPassword : "";
  if (!username || !password.trim()) throw new ApiError(400, SIGN_IN_MESSAGES.blank);

  const attempt = await beginSignInAttempt(username, info.ipAddress);
  if (attempt.attemptId === null) {
    throw new ApiError(429, SIGN_IN_MESSAGES.tooMany, undefined, {
      "Retry-After": String(attempt.retryAfter),
    });
  }

  // The hash is always verified (a dummy one for unknown users), so every failure takes about as long.
  const candidate = await findLoginCandidate(username);
  const passwordOk = await verifyPassword(candidate?.passwordHash, password);
  const sql = await db();
  if (!candidate || !passwordOk || !candidate.isActive) {
    await sweepSignInAttempts();
    await recordAudit(sql, {
      action: "USER_LOGIN_FAILED",
      user: null,
      resource: "session",
      details: `Failed sign-in for ${username}`,
      info,
    });
    throw new ApiError(401, SIGN_IN_MESSAGES.invalid);
  }
  await forgetSignInAttempt(attempt.attemptId);
  const setCookie = await createSession(candidate.id, info);
  const user = (await getUser(sql, candidate.id))!;
  await recordAudit(sql, { action: "USER_LOGIN", user, resource: "session", details: "Signed in", info });
  return { user, setCookie };
}

/** The signed-in, active user of this request, or null. Re-read from the database on every request. */
export async function getCurrentUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await sessionIdFromRequest(request);
  return sessionId ? getSessionUser(sessionId) : null;
}

/** For page loaders and actions: a visitor who is not signed in gets the login screen (status 401). */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  if (!user) throw new Response("Unauthorized", { status: 401 });
  return user;
}

export async function requirePageActor(request: Request, context: AppLoadContext): Promise<Actor> {
  return { user: await requireUser(request), info: requestInfo(request, context) };
}

/** For /api routes: 401 JSON when not signed in. */
export async function requireApiActor(request: Request, context: AppLoadContext): Promise<Actor> {
  const user = await getCurrentUser(request);
  if (!user) throw unauthorized();
  return { user, info: requestInfo(request, context) };
}

export function requireAdmin(actor: Actor): Actor {
  if (actor.user.role !== "ADMIN") throw forbidden();
  return actor;
}
