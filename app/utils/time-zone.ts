import { LruMap } from "./lru-map";

/**
 * Wall-clock time in a user's time zone, with the Intl API alone. Follow-ups are stored as UTC instants; the
 * calendar shows and takes them in the user's zone (the browser's, sent as a cookie; Europe/London, the
 * company's own, until the browser has said).
 */
export const DEFAULT_TIME_ZONE = "Europe/London";

/**
 * How many zones keep their formatters, here and in format.ts. A formatter holds tens of KB of native memory
 * that the garbage collector hardly counts, so each is made once a zone, not once a call; beyond this many
 * zones the least recently read is dropped (docs/scaling.md "Memory").
 */
export const ZONES_KEPT = 50;

/**
 * Zone names as sent, lower-cased, with the canonical name of the zone each names. Room for more than the
 * ~600 names Intl knows (zones and their aliases), so no name a browser sends is dropped; a name that is no
 * zone is never kept.
 */
const canonicalNames = new LruMap<string, string>(1000);

/**
 * The canonical name of the zone `value` names ("europe/LONDON", "GB": "Europe/London"), or null when it names
 * none. Every cache is keyed by these, so the spellings of a zone share one set of formatters.
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || !value || value.length > 64) return null;
  // Intl reads a zone's name regardless of the case of its ASCII letters, and only of those: U+212A, the
  // Kelvin sign, is no "k" although it lower-cases to one.
  const key = value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  let canonical = canonicalNames.get(key);
  if (canonical === undefined) {
    try {
      canonical = new Intl.DateTimeFormat("en-GB", { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      return null;
    }
    canonicalNames.set(key, canonical);
  }
  return canonical;
}

const clocks = new LruMap<string, Intl.DateTimeFormat>(ZONES_KEPT);

/** What a clock in `timeZone` (a canonical name) shows, as "26/11/2026, 09:30:05": made once a zone. */
export function zoneClock(timeZone: string) {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** What a clock in `timeZone` shows at `instant`. */
export function zonedParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    zoneClock(timeZone)
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
