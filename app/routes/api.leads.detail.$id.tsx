import { getLeadDetail } from "~/models/lead.server";
import { apiRoute, methodNotAllowed, jsonResponse } from "~/http/api.server";
import { recordId } from "~/utils/ids";
import { requireApiActor } from "~/auth/current-user.server";

/** GET /api/leads/detail/{id}: the lead with its progress (oldest first) and notes (newest first). */
export const loader = apiRoute(async ({ request, context, params }) => {
  const actor = await requireApiActor(request, context);
  return jsonResponse(await getLeadDetail(actor, recordId(params.id)));
});

export const action = () => methodNotAllowed("GET");
