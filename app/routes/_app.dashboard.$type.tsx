import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { LeadCards } from "~/screens/dashboard/lead-cards";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pager } from "~/components/list";
import { requirePageActor } from "~/auth/current-user.server";
import { currentDivision } from "~/models/actor.server";
import { DASHBOARD_DETAILS, isDashboardType } from "~/models/dashboard.schema";
import { dashboardStats } from "~/models/dashboard.server";
import { listLeadPage } from "~/models/lead.server";
import { brandingFor } from "~/utils/divisions";
import { formatGBP } from "~/utils/format";
import { defineListState, param } from "~/utils/list-state";
import { pageOrLast } from "~/utils/page-or-last";

const PAGE_SIZE = 24;
const detailsView = defineListState("", { page: param.page() });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Details"} | CRM` },
];

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
      PAGE_SIZE,
      (at) =>
        listLeadPage(
          actor,
          division,
          { archived: false, statuses, withValue },
          { limit: PAGE_SIZE, offset: (at - 1) * PAGE_SIZE },
        ),
      (at) => at.leads,
    ),
    params.type === "revenue" ? dashboardStats(actor, division) : null,
  ]);
  return { title, subtitle, division, ...list, totalRevenue: stats?.revenue ?? null };
}

export default function DashboardDetails() {
  const { title, subtitle, division, leads, total, page, totalRevenue } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  // The next page of this list is on its way: say so rather than showing the old one. Not for a form sent
  // from the lead dialog over it, after which the same list is only read again.
  const loading =
    navigation.state === "loading" &&
    !navigation.formMethod &&
    navigation.location.pathname === location.pathname;
  return (
    <div>
      <AppLink to="/" className="text-sm font-medium text-slate-700 hover:underline">
        Back to Dashboard
      </AppLink>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">
        {subtitle} for {brandingFor(division).fullName}
      </p>
      {totalRevenue !== null ? (
        <section
          aria-label="Total Revenue"
          className="mt-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 className="text-sm font-medium text-slate-600">Total Revenue</h2>
          <p className="mt-1 text-2xl font-bold text-slate-900">{formatGBP(totalRevenue)}</p>
        </section>
      ) : null}
      <div className="mt-6">
        {loading ? (
          <p className="py-10 text-center text-slate-600">Loading...</p>
        ) : leads.length === 0 ? (
          <p className="py-10 text-center text-slate-600">No {title.toLowerCase()} found.</p>
        ) : (
          <>
            <LeadCards leads={leads} detailHref={(id) => `${location.pathname}/${id}${location.search}`} />
            <div className="mt-4 rounded-lg border border-slate-200 bg-white">
              <Pager
                page={page}
                pageSize={PAGE_SIZE}
                total={total}
                href={(next) => detailsView.href({ page: next }, {}, location.pathname)}
              />
            </div>
          </>
        )}
      </div>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
