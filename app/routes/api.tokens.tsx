import { defineApi } from "~/api/define-api.server";
import { COUNTED, json, listOf, operation, ref } from "~/api/operation";
import { createTokenSchema } from "~/models/api-token.schema";
import { createToken, listOwnTokens } from "~/models/api-token.server";
import { listResponse } from "~/http/api.server";

/**
 * GET /api/tokens: the caller's own API tokens, newest first (X-Total-Count). POST {name, expiresInDays}:
 * 201 with the token record and, this once, `token`.
 */
export const api = defineApi([
  operation({
    method: "GET",
    id: "listOwnTokens",
    tag: "API tokens",
    summary: "Your API tokens",
    description: "Newest first, whatever their status.",
    answers: { 200: json("The tokens.", listOf("ApiToken"), COUNTED) },
    handler: async ({ actor }) => {
      const tokens = await listOwnTokens(actor);
      return listResponse(tokens, tokens.length);
    },
  }),
  operation({
    method: "POST",
    id: "createToken",
    tag: "API tokens",
    summary: "Create an API token",
    description:
      "The answer holds the token itself, this once (only its hash is kept). Made by a person signed in " +
      "with the session cookie, never by another token.",
    // Refused for a token (403) before the input (400), in CONTRACT.md's order; createToken checks again.
    access: "person",
    body: createTokenSchema,
    answers: { 201: json("The created token, with `token`.", ref("CreatedApiToken")) },
    handler: ({ actor, body }) => createToken(actor, body),
  }),
]);

export const { loader, action } = api;
