import { requireApiActor } from "~/auth/current-user.server";
import { requireAdmin } from "~/models/actor.server";
import { listAllTokens } from "~/models/api-token.server";
import { apiRoute, listResponse, methodNotAllowed } from "~/http/api.server";

/** GET /api/admin/tokens: every user's API tokens with their user, newest first (X-Total-Count). */
export const loader = apiRoute(async ({ request, context }) => {
  const actor = await requireApiActor(request, context);
  requireAdmin(actor);
  const tokens = await listAllTokens(actor);
  return listResponse(tokens, tokens.length);
});

export const action = () => methodNotAllowed("GET");
