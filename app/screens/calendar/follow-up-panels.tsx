import type { SerializeFrom } from "@remix-run/node";
import { Form, useLocation } from "@remix-run/react";
import {
  calendarLeadHref,
  calendarView,
  FOLLOW_UPS_PER_PANEL,
  followUpState,
  longDate,
  type CalendarView,
} from "./calendar-view";
import type { FollowUp } from "~/models/follow-up.schema";
import { zonedTime } from "~/utils/time-zone";
import { AppLink } from "~/components/app-link";
import { buttonClass } from "~/components/forms";
import { Pager } from "~/components/list";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";

type Item = SerializeFrom<FollowUp>;
type FollowUpPage = { followUps: Item[]; total: number };

/** A side panel; when its follow-ups run past a page, a pager of its own (its page in the calendar's URL). */
function Panel({
  title,
  total,
  page,
  href,
  children,
}: {
  title: string;
  total: number;
  page: number;
  href: (page: number) => string;
  children: React.ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">{title}</h2>
      {children}
      {total > FOLLOW_UPS_PER_PANEL || page > 1 ? (
        <Pager
          page={page}
          pageSize={FOLLOW_UPS_PER_PANEL}
          total={total}
          href={href}
          label={`Pages of ${title}`}
        />
      ) : null}
    </section>
  );
}

/**
 * Mark Complete, from the calendar: the lead's own intent (screens/lead-detail/lead-detail.server.ts), which comes
 * back to this page.
 */
export function MarkComplete({ item }: { item: Item }) {
  const location = useLocation();
  return (
    <Form method="post" action={`/leads/${item.leadId}`} preventScrollReset>
      <IdempotencyKeyField />
      <input type="hidden" name="noteId" value={item.id} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" name="intent" value="complete-follow-up" className={buttonClass.small}>
        Mark Complete
      </button>
    </Form>
  );
}

function Line({
  item,
  view,
  timeZone,
  children,
}: {
  item: Item;
  view: CalendarView;
  timeZone: string;
  children?: React.ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-start gap-2 px-4 py-3 text-sm">
      <div className="min-w-0 flex-1">
        <AppLink
          to={calendarLeadHref(view, item.leadId)}
          className="font-medium text-slate-900 hover:underline"
        >
          {item.leadName}
        </AppLink>
        <p className="whitespace-pre-line text-slate-700">{item.content}</p>
        <p className="text-xs text-slate-600">{zonedTime(new Date(item.followUpDate), timeZone)}</p>
      </div>
      {children}
    </li>
  );
}

/** 'Today's Follow-ups': the incomplete ones due today, each with 'Mark Complete'. */
export function TodayFollowUps({
  list,
  view,
  timeZone,
}: {
  list: FollowUpPage;
  view: CalendarView;
  timeZone: string;
}) {
  const items = list.followUps;
  return (
    <Panel
      title="Today's Follow-ups"
      total={list.total}
      page={view.tpage}
      href={(tpage) => calendarView.href({ ...view, tpage })}
    >
      {items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">No follow-ups today</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <Line key={item.id} item={item} view={view} timeZone={timeZone}>
              <MarkComplete item={item} />
            </Line>
          ))}
        </ul>
      )}
    </Panel>
  );
}

const BADGES = {
  completed: { label: "Complete", className: "bg-emerald-100 text-emerald-800" },
  overdue: { label: "Overdue", className: "bg-red-100 text-red-800" },
  pending: { label: "Pending", className: "bg-sky-100 text-sky-800" },
};

/** The selected day's follow-ups, each badged Complete, Overdue or Pending. */
export function DayFollowUps({
  day,
  list,
  view,
  now,
  timeZone,
}: {
  day: string;
  list: FollowUpPage;
  view: CalendarView;
  now: string;
  timeZone: string;
}) {
  const items = list.followUps;
  return (
    <Panel
      title={`Follow-ups on ${longDate(day)}`}
      total={list.total}
      page={view.dpage}
      href={(dpage) => calendarView.href({ ...view, dpage })}
    >
      {items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">No follow-ups on this date</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => {
            const state = followUpState(item, new Date(now), timeZone);
            const badge = BADGES[state === "completed" || state === "overdue" ? state : "pending"];
            return (
              <Line key={item.id} item={item} view={view} timeZone={timeZone}>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge.className}`}>
                  {badge.label}
                </span>
                {item.isFollowUpComplete ? null : <MarkComplete item={item} />}
              </Line>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
