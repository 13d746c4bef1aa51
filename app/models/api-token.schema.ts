import * as z from "zod";
import { formNumber, requiredText } from "~/utils/zod";
import { TOKEN_EXPIRY_DAYS, type ApiTokenStatus } from "./api-token";

/** POST /api/tokens and the settings page's form: `{name, expiresInDays}`. */
export const createTokenSchema = z.object({
  name: requiredText("Name is required", 100),
  expiresInDays: formNumber(z.literal(TOKEN_EXPIRY_DAYS, { error: "Expiry must be 7, 30, 90 or 365 days" })),
});
export type CreateTokenInput = z.output<typeof createTokenSchema>;

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
