import { revokeCompanyAccess, requireUserRecord } from "~/models/user.server";
import {
  apiRoute,
  jsonResponse,
  methodNotAllowed,
  requireDivisionParam,
  requireId,
} from "~/utils/api.server";
import { requireAdmin, requireApiActor } from "~/utils/auth.server";

export const loader = () => methodNotAllowed("DELETE");

/** DELETE: revokes access to a division; never down to none (400). 200 with the user. */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const actor = await requireApiActor(request, context);
  const company = requireDivisionParam(params.company);
  requireAdmin(actor);
  const userId = requireId(params.userId);
  await requireUserRecord(userId);
  return jsonResponse(await revokeCompanyAccess(actor, userId, company));
});
