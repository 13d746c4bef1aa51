import { LruMap } from "./lru-map";
import { ZONES_KEPT, zoneClock } from "./time-zone";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const count = new Intl.NumberFormat("en-GB");

/**
 * A date, and a date with its time, as a reader in `timeZone` reads them: formatters made once a zone, kept
 * for the ZONES_KEPT zones most recently read (docs/scaling.md "Memory").
 */
const formatsByZone = new LruMap<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>(
  ZONES_KEPT,
);

function formatsIn(timeZone: string) {
  let formats = formatsByZone.get(timeZone);
  if (!formats) {
    formats = {
      date: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone }),
      dateTime: new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZone,
        timeZoneName: "shortOffset",
      }),
    };
    formatsByZone.set(timeZone, formats);
  }
  return formats;
}

/** '£12,500.50', or '-' when there is no value. */
export function formatGBP(value: string | number | null | undefined) {
  if (value === null || value === undefined || value === "") return "-";
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? gbp.format(number) : "-";
}

/** '55,000': a count with its thousands grouped, as every count on screen is shown. */
export function formatCount(value: number) {
  return count.format(value);
}

/**
 * A count that stops early (a searched page, a lead list narrowed by a value or date range or an overdue
 * follow-up) stops at COUNT_CAP + 1 matches, which reads "more than COUNT_CAP": at a million leads no request
 * counts them all.
 */
export const COUNT_CAP = 10_000;

/** A list's total as the list shows it: '10,000+' for a count that stopped early, else formatCount's. */
export function formatTotal(total: number) {
  return total === COUNT_CAP + 1 ? `${formatCount(COUNT_CAP)}+` : formatCount(total);
}

/** '26 Nov 2026': the day it was in the reader's time zone (components/time-zone.tsx useTimeZone). */
export function formatDate(value: string | Date, timeZone: string) {
  return formatsIn(timeZone).date.format(new Date(value));
}

/**
 * '26 Nov 2026, 09:30 UTC' (or 'UTC+1', 'UTC-4', 'UTC+5:30'), in the reader's time zone, named by its offset:
 * one label for one clock, whatever the zone's own name ('GMT' for London in winter and 'UTC' are one time).
 */
export function formatDateTime(value: string | Date, timeZone: string) {
  return formatsIn(timeZone)
    .dateTime.formatToParts(new Date(value))
    .map((part) => (part.type === "timeZoneName" ? part.value.replace(/^GMT(\+0)?/, "UTC") : part.value))
    .join("");
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How far `timeZone`'s clocks are ahead of UTC at `instant`, in ms ("26/11/2026, 09:30:05" read back). Clocks
 * change on a whole minute, so a zone is asked once a minute (Intl calls showed in a dashboard's render).
 */
function offsetAt(instant: number, timeZone: string) {
  const minuteStart = Math.floor(instant / MINUTE) * MINUTE;
  const key = `${timeZone} ${minuteStart}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const [day, month, year, hour, minute, second] = zoneClock(timeZone).format(minuteStart).match(/\d+/g)!;
    offset = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second) - minuteStart;
    offsets.set(key, offset);
  }
  return offset;
}

const MINUTE = 60_000;
/** Offsets by zone and minute, the least recently used forgotten first (docs/scaling.md "Memory"). */
const offsets = new LruMap<string, number>(1000);

/**
 * Lists (SPEC.md section 9): 'Today', 'Yesterday', 'N days ago' up to 7 days, then the date, in calendar
 * days of the reader's time zone, so the server and the browser write the same. For a list, once:
 * `const relative = relativeDates(timeZone)`, then `relative(date)` for each row.
 *
 * Asking Intl for each row's day showed in the /leads page's CPU, so a list asks the zone twice: a
 * date over nine days old is more than 7 calendar days back wherever it is read, and within those nine days
 * the zone's offset is one number unless its clocks changed, which the window's two ends show.
 */
export function relativeDates(timeZone: string, now = new Date()) {
  const nowMs = now.getTime();
  const offset = offsetAt(nowMs, timeZone);
  const today = Math.floor((nowMs + offset) / DAY);
  const windowStart = nowMs - 9 * DAY;
  const steady = offsetAt(windowStart, timeZone) === offset;
  return (value: string | Date) => {
    const date = new Date(value);
    const time = date.getTime();
    if (time >= windowStart) {
      const days = today - Math.floor((time + (steady ? offset : offsetAt(time, timeZone))) / DAY);
      if (days <= 0) return "Today";
      if (days === 1) return "Yesterday";
      if (days <= 7) return `${days} days ago`;
    }
    return formatDate(date, timeZone);
  };
}

/**
 * Notes on a lead: hours ago under 24 hours, then 'Yesterday', then 'N days ago', counted in whole days
 * elapsed (24 to 47 hours is 'Yesterday'), so every note passes through 'Yesterday' wherever it is read.
 */
export function relativeNoteTime(value: string | Date, now = new Date()) {
  const hours = Math.trunc((now.getTime() - new Date(value).getTime()) / HOUR);
  if (hours < 1) return "Just now";
  if (hours < 24) return hours === 1 ? "1 hour ago" : `${hours} hours ago`;
  const days = Math.trunc(hours / 24);
  return days === 1 ? "Yesterday" : `${days} days ago`;
}

export function initials(firstName: string, lastName: string) {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || "?";
}

export function fullName(person: { firstName: string; lastName: string } | null | undefined) {
  return person ? `${person.firstName} ${person.lastName}`.trim() : "";
}
