import { restoreLead } from "~/models/lead.server";
import { apiRoute, jsonResponse, methodNotAllowed } from "~/http/api.server";
import { recordId } from "~/utils/ids";
import { requireApiActor } from "~/auth/current-user.server";

export const loader = () => methodNotAllowed("PATCH");

/** PATCH /api/leads/{id}/unarchive: restores an archived lead; 200 with the lead. */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const actor = await requireApiActor(request, context);
  return jsonResponse(await restoreLead(actor, recordId(params.key)));
});
