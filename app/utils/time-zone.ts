/**
 * Wall-clock time in a user's time zone, with the Intl API alone. Follow-ups are stored as UTC instants; the
 * calendar shows and takes them in the user's zone (the browser's, sent as a cookie; Europe/London, the
 * company's own, until the browser has said).
 */
export const DEFAULT_TIME_ZONE = "Europe/London";

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || !value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** What a clock in `timeZone` shows at `instant`. */
export function zonedParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar day ("2026-11-23") of `instant` in `timeZone`. */
export function zonedDate(instant: Date, timeZone: string) {
  const { year, month, day } = zonedParts(instant, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The time of day ("09:30") of `instant` in `timeZone`. */
export function zonedTime(instant: Date, timeZone: string) {
  const { hour, minute } = zonedParts(instant, timeZone);
  return `${pad(hour)}:${pad(minute)}`;
}

function offsetMs(instant: number, timeZone: string) {
  const p = zonedParts(new Date(instant), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which a clock in `timeZone` shows `date` ("2026-11-23") and `time` ("09:00"). A time that
 * the clock skips (the spring-forward hour) falls an hour later, as a clock set then would show.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Guess with the offset at the wall time read as UTC, then correct with the offset at the guess.
  const first = wall - offsetMs(wall, timeZone);
  const firstOffset = offsetMs(first, timeZone);
  if (wall - firstOffset === first) return new Date(first);
  const second = wall - firstOffset;
  if (offsetMs(second, timeZone) === firstOffset) return new Date(second);
  return new Date(Math.max(first, second));
}
