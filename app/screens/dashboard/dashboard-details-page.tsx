import { DETAILS_PAGE_SIZE, detailsView } from "./dashboard-view";
import type { loader } from "./dashboard-details-page.server";
import type { MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { figureSize } from "./dashboard-panels";
import { LeadCards } from "./lead-cards";
import { Pager } from "~/components/list";
import { brandingFor } from "~/utils/divisions";
import { titleWithDue } from "~/components/page-title";
import { formatGBP } from "~/utils/format";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: titleWithDue(matches, `${data?.title ?? "Details"} | CRM`) },
];

export function DashboardDetailsPage() {
  const { title, subtitle, division, leads, total, page, totalRevenue } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  // The next page of this list is on its way: say so rather than showing the old one. Not for a form sent
  // from the lead dialog over it, after which the same list is only read again.
  const loading =
    navigation.state === "loading" &&
    !navigation.formMethod &&
    navigation.location.pathname === location.pathname;
  const revenue = totalRevenue === null ? null : formatGBP(totalRevenue);
  return (
    <div>
      <AppLink to="/" className="text-sm font-medium text-slate-700 hover:underline">
        Back to Dashboard
      </AppLink>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">
        {subtitle} for {brandingFor(division).fullName}
      </p>
      {revenue !== null ? (
        <section
          aria-label="Total Revenue"
          className="mt-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 className="text-sm font-medium text-slate-600">Total Revenue</h2>
          <p
            className={`mt-1 font-bold whitespace-nowrap text-slate-900 tabular-nums ${figureSize(revenue)}`}
          >
            {revenue}
          </p>
          <p className="text-xs text-slate-600">all time</p>
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
                pageSize={DETAILS_PAGE_SIZE}
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
