import { defineApi } from "~/api/define-api.server";
import { json, operation, recordOf, ref } from "~/api/operation";
import { revokeToken } from "~/models/api-token.server";

/**
 * DELETE /api/tokens/{id}: revokes the token (the caller's own; any user's for an admin) and answers it,
 * now revoked. Another user's token is not found.
 */
export const api = defineApi([
  operation({
    method: "DELETE",
    id: "revokeToken",
    tag: "API tokens",
    summary: "Revoke an API token",
    description:
      "Your own, or anyone's for an admin; it stops working at once. A revoked token is answered as it is.",
    params: { id: recordOf("token", { inDivision: false }) },
    answers: { 200: json("The revoked token.", ref("ApiToken")) },
    errors: { 404: "`Not found`: no such token, or another user's (for a non-admin)." },
    handler: ({ actor, params }) => revokeToken(actor, params.id),
  }),
]);

export const { loader, action } = api;
