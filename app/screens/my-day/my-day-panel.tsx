import type { SerializeFrom } from "@remix-run/node";
import { AppLink } from "~/components/app-link";
import type { MyDay } from "~/models/my-day.server";
import { dashboardLeadHref } from "../dashboard/dashboard-view";
import { MyDayGroups } from "./my-day-list";

/** My Day on the dashboard: each group's first follow-ups, a lead opening over the dashboard. */
export function MyDayPanel({ day, timeZone }: { day: SerializeFrom<MyDay>; timeZone: string }) {
  return (
    <section
      aria-labelledby="my-day-panel"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-day-panel" className="text-lg font-semibold text-slate-900">
          My Day
        </h2>
        <AppLink to="/my-day" className="text-sm font-medium text-slate-700 underline">
          Open My Day
        </AppLink>
      </div>
      <MyDayGroups day={day} timeZone={timeZone} leadHref={dashboardLeadHref} headingLevel="h3" />
    </section>
  );
}
