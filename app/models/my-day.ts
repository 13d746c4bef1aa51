import { zonedDate, zonedTimeToUtc } from "~/utils/time-zone";

/** My Day's values the browser shares with the server; no zod here. */

/** My Day's groups, in the order they show. */
export const MY_DAY_GROUPS = ["overdue", "today", "upcoming"] as const;
export type MyDayGroup = (typeof MY_DAY_GROUPS)[number];
export const MY_DAY_GROUP_LABELS: Record<MyDayGroup, string> = {
  overdue: "Overdue",
  today: "Today",
  upcoming: "Next 7 days",
};

/**
 * Counts stop here ("99+"): a user with years of open follow-ups is not counted row by row on every page
 * (the sidebar's count, the bell's, each group's).
 */
export const MY_DAY_COUNT_CAP = 100;

/** A capped count as shown: "99+" once it reaches the cap. */
export function cappedCount(count: number) {
  return count >= MY_DAY_COUNT_CAP ? `${MY_DAY_COUNT_CAP - 1}+` : String(count);
}

/** How a user hears of follow-ups as they come due (CONTRACT.md "Reminder setting"). */
export const REMINDER_MODES = ["EACH", "DIGEST", "OFF"] as const;
export type ReminderMode = (typeof REMINDER_MODES)[number];
export const REMINDER_MODE_LABELS: Record<ReminderMode, string> = {
  EACH: "An e-mail for each follow-up as it comes due",
  DIGEST: "A daily digest e-mail of the day's follow-ups",
  OFF: "No e-mails (My Day and the bell only)",
};

/** Where My Day's groups begin and end, on the user's clock: today, and the seven days after it. */
export type MyDayBounds = { todayStarts: Date; tomorrowStarts: Date; weekEnds: Date };

export function myDayBounds(timeZone: string, now = new Date()): MyDayBounds {
  const today = zonedDate(now, timeZone);
  const dayAfter = (day: string, days: number) =>
    new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return {
    todayStarts: zonedTimeToUtc(today, "00:00", timeZone),
    tomorrowStarts: zonedTimeToUtc(dayAfter(today, 1), "00:00", timeZone),
    weekEnds: zonedTimeToUtc(dayAfter(today, 8), "00:00", timeZone),
  };
}
