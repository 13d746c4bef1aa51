/** The API token's values the browser shares with the server; no zod here (api-token.schema.ts has the schema). */

/** The lifetimes a new token may be given, in days: a fixed list (at most a year), the same for form and JSON. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const DEFAULT_EXPIRY_DAYS = 30;

export type ApiTokenStatus = "ACTIVE" | "REVOKED" | "EXPIRED";

/**
 * What a token may do (docs/security.md "API tokens"): read (GET only); write (also change the records of
 * its user's divisions); admin (everything its user may, user administration included; an admin's only).
 */
export const TOKEN_SCOPES = ["read", "write", "admin"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const DEFAULT_TOKEN_SCOPE: TokenScope = "write";

export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  read: "Read only",
  write: "Read and write",
  admin: "Admin",
};

export const TOKEN_STATUS_LABELS: Record<ApiTokenStatus, string> = {
  ACTIVE: "Active",
  REVOKED: "Revoked",
  EXPIRED: "Expired",
};
