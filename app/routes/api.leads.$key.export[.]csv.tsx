import { requireApiActor } from "~/auth/current-user.server";
import { leadExportResponse } from "~/screens/leads/lead-export.server";
import { apiRoute, methodNotAllowed, requireDivisionParam } from "~/http/api.server";

/** GET /api/leads/{division}/export.csv: Export Report (CONTRACT.md), a streamed CSV attachment. */
export const loader = apiRoute(async ({ request, context, params }) => {
  const actor = await requireApiActor(request, context);
  return leadExportResponse(actor, requireDivisionParam(params.key), request);
});

export const action = () => methodNotAllowed("GET");
