import crypto from "node:crypto";

/**
 * Bearer secrets: the session cookie's token and personal API tokens. Their rows are keyed by the token's
 * SHA-256, so a copy of the table signs nobody in. A fast hash is right here, unlike for passwords: a token
 * holds 256 random bits, so there is nothing to guess by hashing candidates.
 */

/** 256 random bits, base64url (43 characters). */
export function randomToken() {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * The token of an `Authorization: Bearer <token>` header ("" when the scheme is Bearer but no token
 * follows), or null when the header is absent or names another scheme.
 */
export function bearerToken(authorization: string | null | undefined): string | null {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(authorization?.trim() ?? "");
  return match ? (match[1] ?? "").trim() : null;
}
