import type { loader } from "./dashboard-page.server";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DivisionLogo } from "~/components/division-logo";
import { brandingFor } from "~/utils/divisions";
import { LeadsByStatusChart, WonValueChart } from "./dashboard-charts";
import { QuickActions, RecentActivity, RecentLeads, StatCards } from "./dashboard-panels";
import { MyDayPanel } from "../my-day/my-day-panel";
import { pageTitle } from "~/components/page-title";

export const meta = pageTitle("Dashboard | CRM");

/**
 * The dashboard (SPEC.md "Dashboard"). Its dialogs are its index route's (dashboard-dialogs.tsx), and a lead
 * opens over it at /lead/{id}: both render in the outlet.
 */
export function DashboardPage() {
  const data = useLoaderData<typeof loader>();
  const brand = brandingFor(data.division);
  return (
    <div className="space-y-6">
      <h1 className="sr-only">Dashboard</h1>
      {/* One line of text where it fits: the space goes to the figures. */}
      <section
        aria-label="Welcome"
        className={`${brand.headerClass} flex items-center gap-3 rounded-xl px-4 py-3 shadow`}
      >
        <DivisionLogo division={brand.division} className="h-10 w-10 shrink-0" />
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-3">
          <p className="text-sm opacity-90">Welcome back{data.firstName ? `, ${data.firstName}` : ""}</p>
          <h2 className="text-lg font-bold">{brand.title}</h2>
          <p className="text-sm font-medium">{brand.fullName}</p>
          <p className="text-sm opacity-90">{brand.tagline}</p>
        </div>
      </section>
      <StatCards stats={data.stats} thisMonth={data.thisMonth} />
      <MyDayPanel day={data.myDay} timeZone={data.timeZone} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <LeadsByStatusChart counts={data.byStatus} />
        <WonValueChart months={data.wonByMonth} />
      </div>
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-3">
        <RecentLeads leads={data.recentLeads} />
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 2xl:grid-cols-1 2xl:content-start">
          <QuickActions division={data.division} />
          <RecentActivity leads={data.recentLeads.slice(0, 3)} />
        </div>
      </div>
      <Outlet />
    </div>
  );
}
