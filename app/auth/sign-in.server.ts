import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { recordAudit } from "~/models/audit.server";
import { beginSignInAttempt, signInSucceeded, sweepSignInAttempts } from "~/models/login-attempt.server";
import { storeSession } from "~/models/session.server";
import { findLoginCandidate, getSignedInUser } from "~/models/user.server";
import type { User } from "~/models/user.schema";
import { ApiError } from "~/http/api.server";
import { db } from "~/db/db.server";
import { verifyPassword } from "~/utils/password.server";
import type { RequestInfo } from "~/http/request-info.server";
import { newSessionToken, sessionCookieHeader, sessionIdFromRequest } from "~/http/session-cookie.server";
import { SIGN_IN_MESSAGES } from "~/utils/sign-in-messages";
import { NUL_MESSAGE } from "~/utils/zod";

type SignedIn = { user: User; setCookie: string };

/**
 * Signs a user in from a form body (username, password) through remix-auth's FormStrategy; `request` is the
 * original request, whose cookie names the browser's previous session (ended by this sign-in). The
 * authenticator is made per request because the verify step needs the caller's address for rate limiting.
 * Throws ApiError 400, 401 or 429 with CONTRACT.md's messages.
 */
export function authenticate(formRequest: Request, request: Request, info: RequestInfo): Promise<SignedIn> {
  const authenticator = new Authenticator<SignedIn>();
  authenticator.use(
    new FormStrategy(({ form }) => verifySignIn(form.get("username"), form.get("password"), request, info)),
    "form",
  );
  return authenticator.authenticate("form", formRequest);
}

async function verifySignIn(
  rawUsername: unknown,
  rawPassword: unknown,
  request: Request,
  info: RequestInfo,
): Promise<SignedIn> {
  // E-mails are at most 254 characters; a longer "username" is nobody, and is not stored at full length.
  const username = typeof rawUsername === "string" ? rawUsername.trim().toLowerCase().slice(0, 255) : "";
  const password = typeof rawPassword === "string" ? rawPassword : "";
  if (!username || !password.trim()) throw new ApiError(400, SIGN_IN_MESSAGES.blank);
  if (username.includes("\u0000")) throw new ApiError(400, "Invalid input", { username: [NUL_MESSAGE] });

  const attempt = await beginSignInAttempt(username, info.ipAddress);
  if (attempt.attemptId === null) {
    throw new ApiError(429, SIGN_IN_MESSAGES.tooMany, undefined, {
      "Retry-After": String(attempt.retryAfter),
    });
  }

  // The hash is always verified (a dummy one for unknown users), so every failure takes about as long.
  const candidate = await findLoginCandidate(username);
  const passwordOk = await verifyPassword(candidate?.passwordHash, password);
  const session = newSessionToken();
  // Stored only if the hash just checked is still the user's and they are still active (a password change
  // or deactivation may have run meanwhile): otherwise this is a failed sign-in like any other.
  const stored =
    candidate?.isActive && candidate.passwordHash && passwordOk
      ? await storeSession({
          id: session.id,
          userId: candidate.id,
          checkedHash: candidate.passwordHash,
          replacing: await sessionIdFromRequest(request),
          info,
        })
      : false;
  const sql = await db();
  if (!candidate || !stored) {
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
  await signInSucceeded(attempt.attemptId);
  const user = await getSignedInUser(candidate.id);
  await recordAudit(sql, { action: "USER_LOGIN", user, resource: "session", details: "Signed in", info });
  return { user, setCookie: await sessionCookieHeader(session.token) };
}
