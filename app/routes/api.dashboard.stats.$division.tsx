import { defineApi } from "~/api/define-api.server";
import { division, json, operation, ref } from "~/api/operation";
import { dashboardStats } from "~/models/dashboard.server";

/** GET /api/dashboard/stats/{division}: the eight figures of CONTRACT.md "Dashboard stats". */
export const api = defineApi([
  operation({
    method: "GET",
    id: "dashboardStats",
    tag: "Dashboard",
    summary: "A division's dashboard figures",
    description: "Over non-archived leads, with each figure's change from last month (UTC).",
    params: { division: division() },
    answers: { 200: json("The figures.", ref("DashboardStats")) },
    handler: ({ actor, params }) => dashboardStats(actor, params.division),
  }),
]);

export const { loader, action } = api;
