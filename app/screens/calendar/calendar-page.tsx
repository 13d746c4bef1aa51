import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { CalendarAgenda } from "./calendar-agenda";
import { CalendarGrid } from "./calendar-grid";
import { DayFollowUps, TodayFollowUps } from "./follow-up-panels";
import { ScheduleDialog } from "./schedule-dialog";
import { PageHeader } from "~/components/page-header";
import type { calendarAction, calendarLoader } from "./calendar.server";
import { brandingFor } from "~/utils/divisions";
import { pageTitle } from "~/components/page-title";

export const meta = pageTitle("Calendar | CRM");

export function CalendarPage() {
  const data = useLoaderData<typeof calendarLoader>();
  const result = useActionData<typeof calendarAction>();
  const { view, timeZone } = data;
  return (
    <div>
      <PageHeader title="Follow-up Calendar" subtitle={brandingFor(data.division).tagline} />
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
