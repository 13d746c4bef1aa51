import { apiRoute, methodNotAllowed, requireDivisionParam } from "~/http/api.server";
import { requireApiActor } from "~/auth/current-user.server";
import { leadListResponse } from "~/screens/leads/lead-list-response.server";

/** GET /api/leads/{division}/archived: the division's archived leads, with the list's query options. */
export const loader = apiRoute(async ({ request, context, params }) => {
  const actor = await requireApiActor(request, context);
  return leadListResponse(actor, requireDivisionParam(params.key), request, true);
});

export const action = () => methodNotAllowed("GET");
