import { getLeadDetail } from "~/models/lead.server";
import { apiRoute, methodNotAllowed, jsonResponse, requireId } from "~/utils/api.server";
import { requireApiActor } from "~/utils/auth.server";

/** GET /api/leads/detail/{id}: the lead with its progress (oldest first) and notes (newest first). */
export const loader = apiRoute(async ({ request, context, params }) => {
  const actor = await requireApiActor(request, context);
  return jsonResponse(await getLeadDetail(actor, requireId(params.id)));
});

export const action = () => methodNotAllowed("GET");
