import * as z from "zod";
import { formNumber, requiredText } from "~/utils/zod";
import {
  DEFAULT_TOKEN_SCOPE,
  TOKEN_EXPIRY_DAYS,
  TOKEN_SCOPES,
  type ApiTokenStatus,
  type TokenScope,
} from "./api-token";

/** POST /api/tokens and the settings page's form: `{name, expiresInDays, scope}` (scope: write unless given). */
export const createTokenSchema = z.object({
  name: requiredText("Name is required", 100),
  expiresInDays: formNumber(z.literal(TOKEN_EXPIRY_DAYS, { error: "Expiry must be 7, 30, 90 or 365 days" })),
  scope: z
    .enum(TOKEN_SCOPES, { error: "Scope must be read, write or admin" })
    .optional()
    .default(DEFAULT_TOKEN_SCOPE),
});
export type CreateTokenInput = z.output<typeof createTokenSchema>;

/** A personal API token as lists and answers show it: never the token itself, nor its hash. */
export type ApiToken = {
  id: string;
  name: string;
  /** The token's first characters, to tell tokens apart ("crm_AbCd1234"). */
  prefix: string;
  status: ApiTokenStatus;
  scope: TokenScope;
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
