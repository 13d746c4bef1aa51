import * as z from "zod";
import { formNumber, requiredText } from "~/utils/zod";

/** The lifetimes a new token may be given, in days: a fixed list (at most a year), the same for form and JSON. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const DEFAULT_EXPIRY_DAYS = 30;

/** POST /api/tokens and the settings page's form: `{name, expiresInDays}`. */
export const createTokenSchema = z.object({
  name: requiredText("Name is required", 100),
  expiresInDays: formNumber(z.literal(TOKEN_EXPIRY_DAYS, { error: "Expiry must be 7, 30, 90 or 365 days" })),
});
export type CreateTokenInput = z.output<typeof createTokenSchema>;

export type ApiTokenStatus = "ACTIVE" | "REVOKED" | "EXPIRED";

/** A personal API token as lists and answers show it: never the token itself, nor its hash. */
export type ApiToken = {
  id: string;
  name: string;
  /** The token's first characters, to tell tokens apart ("crm_AbCd1234"). */
  prefix: string;
  status: ApiTokenStatus;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** A token in the admin's list of everyone's: with its user. */
export type OwnedApiToken = ApiToken & {
  user: { id: string; firstName: string; lastName: string; email: string };
};

/** The answer to creating a token: the record and, this once, the token. */
export type CreatedApiToken = ApiToken & { token: string };

export const TOKEN_STATUS_LABELS: Record<ApiTokenStatus, string> = {
  ACTIVE: "Active",
  REVOKED: "Revoked",
  EXPIRED: "Expired",
};
