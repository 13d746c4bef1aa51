import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { CalendarAgenda } from "./calendar-agenda";
import { CalendarGrid } from "./calendar-grid";
import { DayFollowUps, TodayFollowUps } from "./follow-up-panels";
import { ScheduleDialog } from "./schedule-dialog";
import { PageHeader } from "~/components/page-header";
import type { calendarAction, calendarLoader } from "./calendar.server";
import { brandingFor } from "~/utils/divisions";
import { pageTitle } from "~/components/page-title";
import { AppLink } from "~/components/app-link";
import { calendarView, type CalendarView } from "./calendar-view";

export const meta = pageTitle("Calendar | CRM");

/** Mine (the follow-ups on the user's leads) or Team (the division's): links, so it works without JavaScript. */
function WhoSwitch({ view, who }: { view: CalendarView; who: "mine" | "team" }) {
  return (
    <nav aria-label="Whose follow-ups" className="flex rounded-md border border-slate-300 bg-white p-0.5">
      {(["mine", "team"] as const).map((value) => (
        <AppLink
          key={value}
          to={calendarView.href({ ...view, who: value, tpage: 1, dpage: 1 })}
          aria-current={value === who ? "page" : undefined}
          className={`rounded px-3 py-1 text-sm font-medium ${
            value === who ? "bg-slate-800 text-white" : "text-slate-700 hover:bg-slate-100"
          }`}
        >
          {value === "mine" ? "Mine" : "Team"}
        </AppLink>
      ))}
    </nav>
  );
}

export function CalendarPage() {
  const data = useLoaderData<typeof calendarLoader>();
  const result = useActionData<typeof calendarAction>();
  const { view, timeZone } = data;
  return (
    <div>
      <PageHeader
        title="Follow-up Calendar"
        subtitle={brandingFor(data.division).tagline}
        actions={<WhoSwitch view={view} who={data.who} />}
      />
      {view.leadName ? (
        <p className="mb-4 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
          Click a day to schedule a follow-up with {view.leadName}.
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <CalendarGrid
            view={view}
            month={data.month}
            grid={data.grid}
            today={data.today}
            selected={data.selected}
            now={data.now}
            timeZone={timeZone}
            cells={data.cells}
          />
          <CalendarAgenda
            view={view}
            selected={data.selected}
            days={data.agenda}
            now={data.now}
            timeZone={timeZone}
          />
        </div>
        <div className="space-y-6">
          <TodayFollowUps list={data.todayFollowUps} view={view} timeZone={timeZone} />
          <DayFollowUps
            day={data.selected}
            list={data.selectedFollowUps}
            view={view}
            now={data.now}
            timeZone={timeZone}
          />
        </div>
      </div>
      {view.schedule ? (
        <ScheduleDialog
          key={view.schedule}
          view={view}
          division={data.division}
          chosenLead={data.chosenLead}
          picks={data.picks}
          result={result}
        />
      ) : null}
      {/* A lead opened from the calendar (/calendar/lead/{id}), over it. */}
      <Outlet />
    </div>
  );
}
