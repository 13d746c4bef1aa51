import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "~/utils/time-zone";

/** The time zone the server rendered this page in (root loader). */
export function useTimeZone() {
  return useRouteLoaderData<{ timeZone: string }>("root")?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * Tells the server the browser's time zone (the `tz` cookie), and renders the page again if it was rendered
 * in another one: the calendar then shows follow-ups on the user's own days and hours.
 */
export function TimeZoneCookie() {
  const rendered = useTimeZone();
  const revalidator = useRevalidator();
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browser) return;
    document.cookie = `tz=${encodeURIComponent(browser)}; path=/; max-age=31536000; samesite=lax`;
    // The server names the zone canonically, as its own Intl does ("Asia/Calcutta"), which need not be the
    // browser's name for it ("Asia/Kolkata"): compared once the browser's Intl has read it.
    if (canonicalTimeZone(rendered) !== browser) revalidator.revalidate();
    // Once per page load: the cookie then holds the zone for every later request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
