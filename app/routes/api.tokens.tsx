import { requireApiActor } from "~/auth/current-user.server";
import { createTokenSchema } from "~/models/api-token.schema";
import { createToken, listOwnTokens, requireSignedInPerson } from "~/models/api-token.server";
import {
  apiRoute,
  jsonResponse,
  listResponse,
  methodNotAllowed,
  parseInput,
  readJson,
} from "~/http/api.server";

/** GET /api/tokens: the caller's own API tokens, newest first (X-Total-Count). */
export const loader = apiRoute(async ({ request, context }) => {
  const actor = await requireApiActor(request, context);
  const tokens = await listOwnTokens(actor);
  return listResponse(tokens, tokens.length);
});

/** POST /api/tokens {name, expiresInDays}: 201 with the token record and, this once, `token`. */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  // Refused for a token (403) before the input (400), in CONTRACT.md's order; createToken checks again.
  requireSignedInPerson(actor);
  const token = await createToken(actor, parseInput(createTokenSchema, body));
  return jsonResponse(token, { status: 201 });
});
