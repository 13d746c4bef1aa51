import { requireApiActor } from "~/auth/current-user.server";
import { requireAdmin } from "~/models/actor.server";
import { revokeCompanyAccess, requireUserRecord } from "~/models/user.server";
import { apiRoute, jsonResponse, methodNotAllowed, requireDivisionParam } from "~/http/api.server";
import { recordId } from "~/utils/ids";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE: revokes access to a division; never down to none (400). 200 with the user. */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const actor = await requireApiActor(request, context);
  const company = requireDivisionParam(params.company);
  requireAdmin(actor);
  const userId = recordId(params.userId);
  await requireUserRecord(actor, userId);
  return jsonResponse(await revokeCompanyAccess(actor, userId, company));
});
