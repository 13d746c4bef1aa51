import type { SerializeFrom } from "@remix-run/node";
import {
  calendarLeadHref,
  calendarView,
  FOLLOW_UPS_PER_AGENDA,
  followUpState,
  longDate,
  shiftDay,
  type CalendarView,
} from "./calendar-view";
import type { FollowUp } from "~/models/follow-up.schema";
import { zonedDate, zonedTime } from "~/utils/time-zone";
import { AppLink } from "~/components/app-link";
import { buttonClass } from "~/components/forms";
import { Pager, Tabs } from "~/components/list";
import { STATE_STYLES } from "./calendar-grid";
import { MarkComplete } from "./follow-up-panels";

type Item = SerializeFrom<FollowUp>;

/**
 * The phone's calendar (below `lg`, beside the month picker): the follow-ups of the selected day's week, or of
 * the day alone, listed by day with their time, lead, state and Mark Complete; the week or day before and
 * after, and Schedule Follow-up on the selected day (the grid's day links are not shown there).
 */
export function CalendarAgenda({
  view,
  selected,
  range: [first],
  list,
  now,
  timeZone,
}: {
  view: CalendarView;
  selected: string;
  /** The agenda's first and last day. */
  range: [string, string];
  list: { followUps: Item[]; total: number };
  now: string;
  timeZone: string;
}) {
  const week = view.agenda === "week";
  // A link to another day keeps the rest of the view; the month follows the day.
  const at = (day: string, state: Partial<CalendarView> = {}) =>
    calendarView.href({ ...view, month: day.slice(0, 7), day, dpage: 1, apage: 1, ...state });
  const byDay = new Map<string, Item[]>();
  for (const item of list.followUps) {
    const day = zonedDate(new Date(item.followUpDate), timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }
  return (
    <section aria-label="Agenda" className="rounded-lg border border-slate-200 bg-white shadow-sm lg:hidden">
      <Tabs
        label="Agenda view"
        tabs={[
          { label: "Week", href: at(selected, { agenda: "week" }), current: week },
          { label: "Day", href: at(selected, { agenda: "day" }), current: !week },
        ]}
      />
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-4">
        <h2 className="min-w-0 flex-1 font-semibold text-slate-900">
          {week ? `Week of ${longDate(first)}` : longDate(first)}
        </h2>
        <nav aria-label={week ? "Weeks" : "Days"} className="flex gap-2">
          <AppLink
            to={at(shiftDay(selected, week ? -7 : -1))}
            preventScrollReset
            className={buttonClass.secondary}
            aria-label={week ? "Previous week" : "Previous day"}
          >
            <span aria-hidden="true">‹</span>
          </AppLink>
          <AppLink
            to={at(shiftDay(selected, week ? 7 : 1))}
            preventScrollReset
            className={buttonClass.secondary}
            aria-label={week ? "Next week" : "Next day"}
          >
            <span aria-hidden="true">›</span>
          </AppLink>
        </nav>
        <AppLink
          to={at(selected, { schedule: selected, pick: "" })}
          preventScrollReset
          className={`${buttonClass.primary} w-full`}
        >
          Schedule a follow-up<span className="sr-only"> on {longDate(selected)}</span>
        </AppLink>
      </div>
      {byDay.size === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">
          {week ? "No follow-ups this week" : "No follow-ups on this date"}
        </p>
      ) : (
        <div>
          {[...byDay].map(([day, items]) => (
            <div key={day}>
              <h3 className="bg-slate-50 px-4 py-1.5 text-xs font-semibold text-slate-700">
                {longDate(day)}
              </h3>
              <ul className="divide-y divide-slate-100">
                {items.map((item) => {
                  const style = STATE_STYLES[followUpState(item, new Date(now), timeZone)];
                  return (
                    <li key={item.id} className="flex gap-3 px-4 py-3 text-sm">
                      <span className="w-11 shrink-0 font-medium text-slate-900 tabular-nums">
                        {zonedTime(new Date(item.followUpDate), timeZone)}
                      </span>
                      <div className="min-w-0 flex-1 space-y-1">
                        <AppLink
                          to={calendarLeadHref(view, item.leadId)}
                          className="block font-medium text-slate-900 underline-offset-2 hover:underline"
                        >
                          {item.leadName}
                        </AppLink>
                        <p className="whitespace-pre-line text-slate-700">{item.content}</p>
                        <div className="flex flex-wrap items-center gap-2">
                          <span
                            className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${style.className}`}
                          >
                            {style.label}
                          </span>
                          {item.isFollowUpComplete ? null : <MarkComplete item={item} />}
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      )}
      {list.total > FOLLOW_UPS_PER_AGENDA || view.apage > 1 ? (
        <Pager
          page={view.apage}
          pageSize={FOLLOW_UPS_PER_AGENDA}
          total={list.total}
          href={(apage) => calendarView.href({ ...view, apage })}
          label="Pages of the agenda"
        />
      ) : null}
    </section>
  );
}
