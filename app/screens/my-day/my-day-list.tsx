import type { SerializeFrom } from "@remix-run/node";
import { Form, useLocation } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { buttonClass, Field } from "~/components/forms";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { cappedCount, MY_DAY_GROUP_LABELS, MY_DAY_GROUPS, type MyDayGroup } from "~/models/my-day";
import type { MyDay, MyFollowUp } from "~/models/my-day.server";
import { formatDateTime } from "~/utils/format";
import { zonedDate, zonedTime } from "~/utils/time-zone";
import { MarkComplete } from "../calendar/follow-up-panels";

type Item = SerializeFrom<MyFollowUp>;

const EMPTY: Record<MyDayGroup, string> = {
  overdue: "Nothing overdue",
  today: "Nothing due today",
  upcoming: "Nothing due in the next 7 days",
};

/**
 * My Day's three groups (on /my-day and the dashboard): each follow-up with its lead one click away (opened
 * over the page, `leadHref`), Mark Complete and Reschedule, plain forms that come back to this page.
 */
export function MyDayGroups({
  day,
  timeZone,
  leadHref,
  headingLevel = "h2",
  refused,
}: {
  day: SerializeFrom<MyDay>;
  timeZone: string;
  leadHref: (leadId: string) => string;
  headingLevel?: "h2" | "h3";
  /** A Reschedule the server refused: its follow-up and why. */
  refused?: { noteId: string; message: string };
}) {
  const Heading = headingLevel;
  const location = useLocation();
  // One Reschedule form at a time, opened by its link (?reschedule={id}; works without JavaScript): a page of
  // follow-ups renders one form, not one per follow-up.
  const params = new URLSearchParams(location.search);
  const rescheduling = params.get("reschedule");
  params.delete("reschedule");
  const here = location.pathname + (params.size ? `?${params}` : "");
  const rescheduleHref = (noteId: string) => {
    const next = new URLSearchParams(params);
    next.set("reschedule", noteId);
    return `${location.pathname}?${next}`;
  };
  return (
    <div className="space-y-4">
      {MY_DAY_GROUPS.map((group) => {
        const { followUps, total } = day[group];
        return (
          <section key={group} aria-label={MY_DAY_GROUP_LABELS[group]}>
            <Heading className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-700 uppercase">
              {MY_DAY_GROUP_LABELS[group]}
              <span
                className={`rounded-full px-2 text-xs ${
                  group === "overdue" && total ? "bg-red-100 text-red-800" : "bg-slate-100 text-slate-700"
                }`}
              >
                {cappedCount(total)}
              </span>
            </Heading>
            {followUps.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{EMPTY[group]}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
                {followUps.map((item) => (
                  <FollowUpItem
                    key={item.id}
                    item={item}
                    timeZone={timeZone}
                    leadHref={leadHref}
                    reschedule={{
                      open: rescheduling === item.id || refused?.noteId === item.id,
                      href: rescheduleHref(item.id),
                      back: here,
                    }}
                    error={refused?.noteId === item.id ? refused.message : undefined}
                  />
                ))}
              </ul>
            )}
            {total > followUps.length ? (
              <p className="mt-1 text-xs text-slate-600">
                Showing the first {followUps.length} of {cappedCount(total)}.
              </p>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

function FollowUpItem({
  item,
  timeZone,
  leadHref,
  reschedule,
  error,
}: {
  item: Item;
  timeZone: string;
  leadHref: (leadId: string) => string;
  /** Whether its Reschedule form is open, the link that opens it, and the page without it. */
  reschedule: { open: boolean; href: string; back: string };
  error?: string;
}) {
  const due = new Date(item.followUpDate);
  return (
    <li className="flex flex-wrap items-start gap-2 px-3 py-3 text-sm" data-testid="my-day-item">
      {/* Beside the buttons where there is room, above them on a phone. */}
      <div className="min-w-0 flex-1 basis-64">
        <AppLink
          to={leadHref(item.leadId)}
          className="font-medium break-words text-slate-900 hover:underline"
        >
          {item.leadName}
        </AppLink>
        <span className="text-slate-600"> · {item.company}</span>
        <p className="break-words whitespace-pre-line text-slate-700">{item.content}</p>
        <p className="text-xs text-slate-600">Due {formatDateTime(due, timeZone)}</p>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <MarkComplete item={item} />
        {reschedule.open ? null : (
          <AppLink to={reschedule.href} replace preventScrollReset className={buttonClass.small}>
            Reschedule
          </AppLink>
        )}
      </div>
      {reschedule.open ? (
        <Form
          method="post"
          action="/my-day"
          preventScrollReset
          className="mt-2 flex w-full flex-wrap items-end gap-2"
          aria-label={`Reschedule the follow-up with ${item.leadName}`}
        >
          <IdempotencyKeyField />
          <input type="hidden" name="noteId" value={item.id} />
          <input type="hidden" name="redirectTo" value={reschedule.back} />
          <Field
            id={`reschedule-date-${item.id}`}
            label="Date"
            labelClassName="block text-xs font-medium text-slate-700"
            type="date"
            name="date"
            required
            defaultValue={zonedDate(due, timeZone)}
          />
          <Field
            id={`reschedule-time-${item.id}`}
            label="Time"
            labelClassName="block text-xs font-medium text-slate-700"
            type="time"
            name="time"
            required
            defaultValue={zonedTime(due, timeZone)}
          />
          <button type="submit" name="intent" value="reschedule" className={buttonClass.primary}>
            Save
          </button>
          <AppLink to={reschedule.back} replace preventScrollReset className={buttonClass.secondary}>
            Cancel
          </AppLink>
          {error ? (
            <p role="alert" className="w-full text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </Form>
      ) : null}
    </li>
  );
}
