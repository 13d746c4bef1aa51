import { requireApiActor } from "~/features/auth/current-user.server";
import { listRelatedLeads } from "~/models/contact.server";
import { apiRoute, listResponse, methodNotAllowed } from "~/utils/api.server";
import { recordId } from "~/utils/ids";

/**
 * GET /api/contacts/{id}/leads: the contact's related leads (CONTRACT.md): the division's leads with the
 * contact's company, and those it is the main contact of.
 */
export const loader = apiRoute(async ({ request, context, params }) => {
  const actor = await requireApiActor(request, context);
  const { leads, total } = await listRelatedLeads(actor, recordId(params.id));
  return listResponse(leads, total);
});

export const action = () => methodNotAllowed("GET");
