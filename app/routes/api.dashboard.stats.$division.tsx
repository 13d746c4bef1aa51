import { requireApiActor } from "~/auth/current-user.server";
import { dashboardStats } from "~/models/dashboard.server";
import { apiRoute, jsonResponse, methodNotAllowed, requireDivisionParam } from "~/http/api.server";

/** GET /api/dashboard/stats/{division}: the eight figures of CONTRACT.md "Dashboard stats". */
export const loader = apiRoute(async ({ request, context, params }) => {
  const actor = await requireApiActor(request, context);
  return jsonResponse(await dashboardStats(actor, requireDivisionParam(params.division)));
});

export const action = () => methodNotAllowed("GET");
