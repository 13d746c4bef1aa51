import { DETAILS_PAGE_SIZE, detailsView } from "./dashboard-view";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePageActor } from "~/auth/current-user.server";
import { currentDivision } from "~/models/actor.server";
import { DASHBOARD_DETAILS, isDashboardType } from "~/models/dashboard.schema";
import { dashboardStats } from "~/models/dashboard.server";
import { listLeadPage } from "~/models/lead-list.server";
import { pageOrLast } from "~/utils/page-or-last";

/**
 * /dashboard/{type}: the leads behind a stat card (CONTRACT.md "Dashboard details"), a page at a time; any
 * other type is 'Details' with none. A lead opens over the grid at /dashboard/{type}/{id}.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const { page } = detailsView.read(new URL(request.url).searchParams);
  if (!isDashboardType(params.type)) {
    return { title: "Details", subtitle: "", division, leads: [], total: 0, page, totalRevenue: null };
  }
  const { title, subtitle, statuses, withValue } = DASHBOARD_DETAILS[params.type];
  const [list, stats] = await Promise.all([
    pageOrLast(
      page,
      DETAILS_PAGE_SIZE,
      (at) =>
        listLeadPage(
          actor,
          division,
          { archived: false, statuses, withValue },
          { limit: DETAILS_PAGE_SIZE, offset: (at - 1) * DETAILS_PAGE_SIZE },
        ),
      (at) => at.leads,
    ),
    params.type === "revenue" ? dashboardStats(actor, division) : null,
  ]);
  return { title, subtitle, division, ...list, totalRevenue: stats?.revenue ?? null };
}
