const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** A date, and a date with its time, as a reader in `timeZone` reads them (formatters made once a zone). */
const formatsByZone = new Map<
  string,
  { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat; day: Intl.DateTimeFormat }
>();

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
        timeZoneName: "short",
      }),
      day: new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric", timeZone }),
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

/** '26 Nov 2026': the day it was in the reader's time zone (components/time-zone.tsx useTimeZone). */
export function formatDate(value: string | Date, timeZone: string) {
  return formatsIn(timeZone).date.format(new Date(value));
}

/** '26 Nov 2026, 09:30 GMT', in the reader's time zone, which it names. */
export function formatDateTime(value: string | Date, timeZone: string) {
  return formatsIn(timeZone).dateTime.format(new Date(value));
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Days since 1970 of the calendar day `instant` falls on in `timeZone` ("26/11/2026" read back). */
function dayNumber(instant: Date, timeZone: string) {
  const text = formatsIn(timeZone).day.format(instant);
  return Date.UTC(Number(text.slice(6)), Number(text.slice(3, 5)) - 1, Number(text.slice(0, 2))) / DAY;
}

/**
 * Lists (SPEC.md section 9): 'Today', 'Yesterday', 'N days ago' up to 7 days, then the date, in calendar
 * days of the reader's time zone, so the server and the browser write the same. For a list, once:
 * `const relative = relativeDates(timeZone)`, then `relative(date)` for each row.
 */
export function relativeDates(timeZone: string, now = new Date()) {
  const today = dayNumber(now, timeZone);
  return (value: string | Date) => {
    const date = new Date(value);
    const days = today - dayNumber(date, timeZone);
    if (days <= 0) return "Today";
    if (days === 1) return "Yesterday";
    if (days <= 7) return `${days} days ago`;
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
