import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "./time-zone";

/**
 * The user's time zone: the browser's, which the page writes into the `tz` cookie (components/time-zone.tsx);
 * the company's own until it has. A preference, not a secret: read and checked, never trusted further. The
 * zone's canonical name, whatever spelling the cookie holds (docs/scaling.md "Memory").
 */
export function timeZoneOf(request: Request): string {
  const match = request.headers.get("cookie")?.match(/(?:^|;\s*)tz=([^;]+)/);
  const value = match ? decodedOrNull(match[1]) : null;
  return canonicalTimeZone(value) ?? DEFAULT_TIME_ZONE;
}

function decodedOrNull(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null; // malformed %-escapes: not a zone
  }
}
