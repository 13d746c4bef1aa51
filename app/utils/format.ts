const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

/** '£12,500.50', or '-' when there is no value. */
export function formatGBP(value: string | number | null | undefined) {
  if (value === null || value === undefined || value === "") return "-";
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? gbp.format(number) : "-";
}

export function formatDate(value: string | Date) {
  return dateFormat.format(new Date(value));
}

export function formatDateTime(value: string | Date) {
  return dateTimeFormat.format(new Date(value));
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Calendar days from `date` to `now` where the code runs (the server's zone, or the browser's): what
 * date-fns' differenceInCalendarDays answers, without its weight in every page's JavaScript.
 */
function calendarDaysBetween(date: Date, now: Date) {
  const day = (at: Date) => Date.UTC(at.getFullYear(), at.getMonth(), at.getDate());
  return Math.round((day(now) - day(date)) / DAY);
}

/** Lists (SPEC.md section 9): 'Today', 'Yesterday', 'N days ago' up to 7 days, then the date. */
export function relativeDate(value: string | Date, now = new Date()) {
  const days = calendarDaysBetween(new Date(value), now);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days <= 7) return `${days} days ago`;
  return formatDate(value);
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
