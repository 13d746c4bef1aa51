/** The API token's values the browser shares with the server; no zod here (api-token.schema.ts has the schema). */

/** The lifetimes a new token may be given, in days: a fixed list (at most a year), the same for form and JSON. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const DEFAULT_EXPIRY_DAYS = 30;

export type ApiTokenStatus = "ACTIVE" | "REVOKED" | "EXPIRED";

export const TOKEN_STATUS_LABELS: Record<ApiTokenStatus, string> = {
  ACTIVE: "Active",
  REVOKED: "Revoked",
  EXPIRED: "Expired",
};
