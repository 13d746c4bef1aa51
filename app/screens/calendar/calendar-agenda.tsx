import type { SerializeFrom } from "@remix-run/node";
import {
  calendarLeadHref,
  calendarView,
  FOLLOW_UPS_PER_PANEL,
  followUpState,
  longDate,
  shiftDay,
  type CalendarView,
} from "./calendar-view";
import type { FollowUp } from "~/models/follow-up.schema";
import { formatCount } from "~/utils/format";
import { zonedTime } from "~/utils/time-zone";
import { AppLink } from "~/components/app-link";
import { buttonClass } from "~/components/forms";
import { Pager, Tabs } from "~/components/list";
import { STATE_STYLES } from "./calendar-grid";
import { MarkComplete } from "./follow-up-panels";

type Item = SerializeFrom<FollowUp>;

/**
 * The phone's calendar (below `lg`, beside the month picker): the follow-ups of the selected day's week (each
 * day's first few and '+N more', which opens that day) or of the day alone (a page of them, as its panel pages),
 * listed by day with their time, lead, state and Mark Complete; the week or day before and after, and Schedule
 * Follow-up on the selected day (the grid's day links are not shown there).
 */
export function CalendarAgenda({
  view,
  selected,
  days,
  now,
  timeZone,
}: {
  view: CalendarView;
  selected: string;
  /** The agenda's days (seven, or the selected one), each with its first follow-ups and how many it holds. */
  days: { day: string; followUps: Item[]; total: number }[];
  now: string;
  timeZone: string;
}) {
  const week = view.agenda === "week";
  // A link to another day keeps the rest of the view; the month follows the day.
  const at = (day: string, state: Partial<CalendarView> = {}) =>
    calendarView.href({ ...view, month: day.slice(0, 7), day, dpage: 1, ...state });
  const shown = days.filter(({ followUps }) => followUps.length > 0);
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
          {week ? `Week of ${longDate(days[0].day)}` : longDate(selected)}
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
      {shown.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">
          {week ? "No follow-ups this week" : "No follow-ups on this date"}
        </p>
      ) : (
        shown.map(({ day, followUps, total }) => (
          <div key={day}>
            <h3 className="bg-slate-50 px-4 py-1.5 text-xs font-semibold text-slate-700">{longDate(day)}</h3>
            <ul className="divide-y divide-slate-100">
              {followUps.map((item) => (
                <AgendaItem key={item.id} item={item} view={view} now={now} timeZone={timeZone} />
              ))}
            </ul>
            {week && total > followUps.length ? (
              <AppLink
                to={at(day, { agenda: "day" })}
                preventScrollReset
                className="block px-4 pb-3 text-sm font-medium text-slate-700 underline"
              >
                +{formatCount(total - followUps.length)} more
              </AppLink>
            ) : null}
          </div>
        ))
      )}
      {!week && (days[0].total > FOLLOW_UPS_PER_PANEL || view.dpage > 1) ? (
        <Pager
          page={view.dpage}
          pageSize={FOLLOW_UPS_PER_PANEL}
          total={days[0].total}
          href={(dpage) => calendarView.href({ ...view, dpage })}
          label="Pages of the agenda"
        />
      ) : null}
    </section>
  );
}

function AgendaItem({
  item,
  view,
  now,
  timeZone,
}: {
  item: Item;
  view: CalendarView;
  now: string;
  timeZone: string;
}) {
  const style = STATE_STYLES[followUpState(item, new Date(now), timeZone)];
  return (
    <li className="flex gap-3 px-4 py-3 text-sm">
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
          <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${style.className}`}>
            {style.label}
          </span>
          {item.isFollowUpComplete ? null : <MarkComplete item={item} />}
        </div>
      </div>
    </li>
  );
}
