import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  parse,
  startOfWeek,
} from "date-fns";
import type { FollowUpState } from "~/models/follow-up.schema";
import { defineListState, isCalendarDay, param } from "~/utils/list-state";
import { zonedDate, zonedTimeToUtc } from "~/utils/time-zone";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
// From January 1900 to November 9999: that month's grid ends in December 9999, the last year a date of
// this app (and PostgreSQL's ISO output) has four digits; a later grid would reach the year 10000.
const FIRST_MONTH = "1900-01";
const LAST_MONTH = "9999-11";

/** A day that exists ("2026-02-30" does not), in the calendar's months. */
function isCalendarMonthDay(raw: string) {
  return isCalendarDay(raw) && raw.slice(0, 7) >= FIRST_MONTH && raw.slice(0, 7) <= LAST_MONTH;
}

const monthParam = {
  parse: (raw: string) => (MONTH.test(raw) && raw >= FIRST_MONTH && raw <= LAST_MONTH ? raw : undefined),
  fallback: () => "",
  format: String,
};
const dayParam = {
  parse: (raw: string) => (isCalendarMonthDay(raw) ? raw : undefined),
  fallback: () => "",
  format: String,
};

/**
 * The calendar's state, in its URL (SPEC.md "Calendar"): the month shown (blank: this month), the selected
 * day, the day whose Schedule Follow-up dialog is open, the lead chosen for it (leadId and leadName, from the
 * lead detail's 'Schedule Follow Up'), the dialog's lead search without JavaScript, the pages of the
 * side panels (today's follow-ups, the selected day's), and the phone's agenda: the selected day's week or
 * the day alone (whose page is the day panel's); and whose follow-ups: the user's own (on the leads they created or
 * are assigned to) or the team's.
 */
export const calendarView = defineListState("/calendar", {
  month: monthParam,
  day: dayParam,
  schedule: dayParam,
  leadId: param.text(36),
  leadName: param.text(200),
  pick: param.text(200),
  tpage: param.page(),
  dpage: param.page(),
  agenda: param.oneOf(["week", "day"], "week"),
  // Mine or Team; none: the role's default (calendar.server.ts).
  who: param.choice(["mine", "team"]),
});

export type CalendarView = ReturnType<typeof calendarView.read>;

/**
 * Made once: the grid made one for each day it printed (35 to 42 a page), and the process grew with every
 * calendar page (docs/scaling.md "Memory").
 */
const longDates = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "Monday 23 November 2026". */
export function longDate(day: string) {
  const [year, month, date] = day.split("-").map(Number);
  return longDates.format(new Date(Date.UTC(year, month - 1, date)));
}

/**
 * A follow-up's lead, opened over the calendar as it is (`/calendar/lead/{id}?{view}`): its dialog closes back
 * to this view (utils/list-state.ts parentHref).
 */
export function calendarLeadHref(view: CalendarView, leadId: string) {
  return calendarView.href({ ...view, schedule: "", pick: "" }, {}, `/calendar/lead/${leadId}`);
}

/** The day `by` days after `day` ("2026-11-28", 1 → "2026-11-29"). */
export function shiftDay(day: string, by: number) {
  return format(addDays(parse(day, "yyyy-MM-dd", new Date(2000, 0, 1)), by), "yyyy-MM-dd");
}

/** The days of a day's week, Sunday to Saturday. */
export function weekOf(day: string) {
  const first = format(startOfWeek(parse(day, "yyyy-MM-dd", new Date(2000, 0, 1))), "yyyy-MM-dd");
  return Array.from({ length: 7 }, (_, index) => shiftDay(first, index));
}

/** The weeks of a month's grid ("2026-11"), Sunday to Saturday, as days ("2026-11-01"). */
export function monthGrid(month: string): string[][] {
  const first = parse(`${month}-01`, "yyyy-MM-dd", new Date(2000, 0, 1));
  const days = eachDayOfInterval({ start: startOfWeek(first), end: endOfWeek(endOfMonth(first)) }).map(
    (day) => format(day, "yyyy-MM-dd"),
  );
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

/** The month before or after ("2026-11" → "2026-10"). */
export function shiftMonth(month: string, by: number) {
  return format(addMonths(parse(`${month}-01`, "yyyy-MM-dd", new Date(2000, 0, 1)), by), "yyyy-MM");
}

/** "November 2026". */
export function monthTitle(month: string) {
  return format(parse(`${month}-01`, "yyyy-MM-dd", new Date(2000, 0, 1)), "MMMM yyyy");
}

/** The UTC instants that bound a run of days in `timeZone`: from the first day's midnight to the day after the last. */
export function daysRange(firstDay: string, lastDay: string, timeZone: string) {
  return {
    from: zonedTimeToUtc(firstDay, "00:00", timeZone),
    to: zonedTimeToUtc(shiftDay(lastDay, 1), "00:00", timeZone),
  };
}

/**
 * SPEC.md section 4's display states: completed; overdue (its time has passed); due today (later today, in the
 * user's zone); upcoming.
 */
export function followUpState(
  followUp: { followUpDate: string | Date; isFollowUpComplete: boolean },
  now: Date,
  timeZone: string,
): FollowUpState {
  if (followUp.isFollowUpComplete) return "completed";
  const at = new Date(followUp.followUpDate);
  if (at < now) return "overdue";
  return zonedDate(at, timeZone) === zonedDate(now, timeZone) ? "today" : "upcoming";
}

/** How many leads the Schedule Follow-up dialog's picker lists for a search. */
export const PICKER_SIZE = 8;

/** The follow-ups a day's cell shows before '+N more' (SPEC.md "Calendar"). */
export const FOLLOW_UPS_PER_DAY = 2;

/** The follow-ups a side panel (today's, the selected day's) shows a page. */
export const FOLLOW_UPS_PER_PANEL = 10;

/** The follow-ups a day shows in the phone's week agenda before '+N more'. */
export const FOLLOW_UPS_PER_AGENDA_DAY = 5;

/** The UTC instants at which each of `days` begins in `timeZone`, then the instant the last one ends. */
export function dayStarts(days: string[], timeZone: string) {
  const last = days.at(-1)!;
  return [...days.map((day) => zonedTimeToUtc(day, "00:00", timeZone)), daysRange(last, last, timeZone).to];
}
