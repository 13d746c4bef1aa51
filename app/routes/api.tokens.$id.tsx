import { requireApiActor } from "~/auth/current-user.server";
import { revokeToken } from "~/models/api-token.server";
import { apiRoute, jsonResponse, methodNotAllowed } from "~/http/api.server";
import { recordId } from "~/utils/ids";

export const loader = () => methodNotAllowed("DELETE");

/**
 * DELETE /api/tokens/{id}: revokes the token (the caller's own; any user's for an admin) and answers it,
 * now revoked. Another user's token is not found.
 */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const actor = await requireApiActor(request, context);
  return jsonResponse(await revokeToken(actor, recordId(params.id)));
});
