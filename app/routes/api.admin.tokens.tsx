import { defineApi } from "~/api/define-api.server";
import { COUNTED, json, listOf, operation } from "~/api/operation";
import { listAllTokens } from "~/models/api-token.server";
import { listResponse } from "~/http/api.server";

/** GET /api/admin/tokens: every user's API tokens with their user, newest first (X-Total-Count). */
export const api = defineApi([
  operation({
    method: "GET",
    id: "listAllTokens",
    tag: "Administration",
    summary: "Every user's API tokens",
    description: "Newest first, with their user.",
    access: "admin",
    answers: { 200: json("The tokens.", listOf("OwnedApiToken"), COUNTED) },
    handler: async ({ actor }) => {
      const tokens = await listAllTokens(actor);
      return listResponse(tokens, tokens.length);
    },
  }),
]);

export const { loader, action } = api;
