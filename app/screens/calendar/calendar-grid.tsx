import type { SerializeFrom } from "@remix-run/node";
import {
  calendarLeadHref,
  calendarView,
  FOLLOW_UPS_PER_DAY,
  followUpState,
  longDate,
  monthTitle,
  shiftMonth,
  type CalendarView,
} from "./calendar-view";
import type { FollowUp, FollowUpState } from "~/models/follow-up.schema";
import { AppLink } from "~/components/app-link";
import { buttonClass } from "~/components/forms";
import { MonthPicker } from "./month-picker";
import { zonedTime } from "~/utils/time-zone";

type Item = SerializeFrom<FollowUp>;

/** The four colours of SPEC.md section 2, with their legend's words. */
export const STATE_STYLES: Record<FollowUpState, { label: string; className: string }> = {
  completed: { label: "Completed", className: "border-emerald-300 bg-emerald-100 text-emerald-900" },
  overdue: { label: "Overdue", className: "border-red-300 bg-red-100 text-red-900" },
  today: { label: "Due today", className: "border-orange-300 bg-orange-100 text-orange-900" },
  upcoming: { label: "Upcoming", className: "border-sky-300 bg-sky-100 text-sky-900" },
};

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * The month (SPEC.md "Calendar"): Today and the month before and after as links, seven columns Sunday to
 * Saturday, each day with up to two follow-ups and '+N more'. A day's number opens Schedule Follow-up there.
 * Below `lg`, where the seven columns do not fit, a small month of day links picks the agenda's day instead.
 */
export function CalendarGrid({
  view,
  month,
  grid,
  today,
  selected,
  now,
  timeZone,
  cells,
}: {
  view: CalendarView;
  month: string;
  grid: string[][];
  today: string;
  /** The day the side panel and the agenda show. */
  selected: string;
  now: string;
  timeZone: string;
  /** Each shown day's first follow-ups and how many it holds. */
  cells: Record<string, { followUps: Item[]; total: number }>;
}) {
  const keep = { leadId: view.leadId, leadName: view.leadName, agenda: view.agenda };
  return (
    <section aria-label="Month" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
        <h2 className="text-lg font-semibold text-slate-900">{monthTitle(month)}</h2>
        <nav aria-label="Months" className="flex gap-2">
          <AppLink to={calendarView.href({ ...keep })} className={buttonClass.secondary}>
            Today
          </AppLink>
          <AppLink
            to={calendarView.href({ ...keep, month: shiftMonth(month, -1) })}
            className={buttonClass.secondary}
            aria-label="Previous month"
          >
            <span aria-hidden="true">‹</span>
          </AppLink>
          <AppLink
            to={calendarView.href({ ...keep, month: shiftMonth(month, 1) })}
            className={buttonClass.secondary}
            aria-label="Next month"
          >
            <span aria-hidden="true">›</span>
          </AppLink>
        </nav>
      </div>
      <div className="hidden overflow-x-auto lg:block" role="region" aria-label="Days" tabIndex={0}>
        <table className="w-full min-w-[42rem] table-fixed border-collapse text-sm">
          <thead>
            <tr>
              {WEEKDAYS.map((day) => (
                <th
                  key={day}
                  scope="col"
                  className="border-b border-slate-200 py-2 text-xs font-semibold text-slate-600"
                >
                  {day}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const { followUps, total } = cells[day];
                  const inMonth = day.startsWith(month);
                  return (
                    <td
                      key={day}
                      className={`h-28 border border-slate-100 p-1 align-top ${inMonth ? "" : "bg-slate-50 text-slate-500"} ${
                        day === view.day ? "ring-2 ring-slate-500 ring-inset" : ""
                      }`}
                    >
                      <AppLink
                        to={calendarView.href({ ...view, month, day, schedule: day, pick: "", dpage: 1 })}
                        preventScrollReset
                        aria-label={`Schedule a follow-up on ${longDate(day)}`}
                        aria-current={day === today ? "date" : undefined}
                        className={`inline-flex h-7 w-7 items-center justify-center rounded-full text-sm font-medium hover:bg-slate-200 ${
                          day === today ? "bg-slate-800 text-white hover:bg-slate-700" : ""
                        }`}
                      >
                        {Number(day.slice(8))}
                      </AppLink>
                      <ul className="mt-1 space-y-1">
                        {followUps.map((item) => {
                          const style = STATE_STYLES[followUpState(item, new Date(now), timeZone)];
                          return (
                            <li key={item.id}>
                              <AppLink
                                to={calendarLeadHref(view, item.leadId)}
                                className={`block truncate rounded border px-1 py-0.5 text-xs ${style.className}`}
                                title={`${item.leadName}: ${item.content} (${style.label})`}
                              >
                                <span className="font-semibold">
                                  {zonedTime(new Date(item.followUpDate), timeZone)}
                                </span>{" "}
                                {item.leadName}
                              </AppLink>
                            </li>
                          );
                        })}
                      </ul>
                      {total > FOLLOW_UPS_PER_DAY ? (
                        <AppLink
                          to={calendarView.href({ ...view, month, day, schedule: "", pick: "", dpage: 1 })}
                          preventScrollReset
                          className="mt-1 block text-xs font-medium text-slate-700 underline"
                        >
                          +{total - FOLLOW_UPS_PER_DAY} more
                        </AppLink>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MonthPicker view={view} month={month} grid={grid} today={today} selected={selected} cells={cells} />
      <ul aria-label="Legend" className="flex flex-wrap gap-4 border-t border-slate-200 p-4 text-sm">
        {Object.values(STATE_STYLES).map((style) => (
          <li key={style.label} className="flex items-center gap-2">
            <span className={`h-3 w-3 rounded border ${style.className}`} aria-hidden="true" />
            {style.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
