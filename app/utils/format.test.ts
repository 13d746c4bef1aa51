import { describe, expect, it } from "vitest";
import { countFormattersMade } from "../../tests/support/formatters-made";
import { formatDate, formatDateTime, formatGBP, initials, relativeDates, relativeNoteTime } from "./format";
import { ZONES_KEPT } from "./time-zone";

const now = new Date("2026-11-22T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("formatGBP", () => {
  it("formats pounds the en-GB way, and '-' for no value", () => {
    expect(formatGBP("12500.5")).toBe("£12,500.50");
    expect(formatGBP(0)).toBe("£0.00");
    expect(formatGBP(null)).toBe("-");
  });
});

describe("relativeDates (lists)", () => {
  it("says Today, Yesterday, N days ago up to 7, then the date", () => {
    const relative = relativeDates("Europe/London", now);
    expect(relative(ago(HOUR))).toBe("Today");
    expect(relative(ago(DAY))).toBe("Yesterday");
    expect(relative(ago(3 * DAY))).toBe("3 days ago");
    expect(relative(ago(7 * DAY))).toBe("7 days ago");
    expect(relative(ago(8 * DAY))).toBe("14 Nov 2026");
  });

  it("counts calendar days where the reader is, not in UTC", () => {
    // It is 01:00 on 23 Nov in Auckland (UTC+13) at noon UTC: 10:00 UTC was 23:00 there the day before.
    const morning = new Date("2026-11-22T10:00:00Z");
    expect(relativeDates("Pacific/Auckland", now)(morning)).toBe("Yesterday");
    expect(relativeDates("Europe/London", now)(morning)).toBe("Today");
    // 06:00 UTC on 22 Nov is still 21 Nov in Los Angeles (UTC-8), where it is 04:00 on the 22nd now.
    expect(relativeDates("America/Los_Angeles", now)(new Date("2026-11-22T06:00:00Z"))).toBe("Yesterday");
  });

  it("counts across a change of the clocks, and at the edges of the week", () => {
    // London's clocks went back on 25 Oct 2026: 23:30 UTC on the 24th was 00:30 BST on the 25th.
    const afterChange = new Date("2026-10-27T12:00:00Z");
    const london = relativeDates("Europe/London", afterChange);
    expect(london(new Date("2026-10-24T23:30:00Z"))).toBe("2 days ago");
    expect(london(new Date("2026-10-24T22:30:00Z"))).toBe("3 days ago");
    // 8 and 9 days back: the date, on either side of a change too.
    expect(london(new Date("2026-10-19T00:30:00Z"))).toBe("19 Oct 2026");
    expect(london(new Date("2026-10-18T12:00:00Z"))).toBe("18 Oct 2026");
    expect(london(new Date("2026-10-19T23:30:00Z"))).toBe("7 days ago");
    // Over 8 days ago by the clock, 7 by the calendar: the hour the clocks went back.
    const lateEvening = relativeDates("Europe/London", new Date("2026-10-27T23:50:00Z"));
    expect(lateEvening(new Date("2026-10-19T23:10:00Z"))).toBe("7 days ago");
    // In Auckland (UTC+13) it is 01:00 on 23 Nov: 23:59 on the 15th there is 8 days back, midnight after it 7.
    const auckland = relativeDates("Pacific/Auckland", now);
    expect(auckland(new Date("2026-11-15T10:59:00Z"))).toBe("15 Nov 2026");
    expect(auckland(new Date("2026-11-15T11:00:00Z"))).toBe("7 days ago");
    // Nepal is 5:45 ahead: 18:15 UTC on the 21st is midnight on the 22nd there.
    const nepal = relativeDates("Asia/Kathmandu", now);
    expect(nepal(new Date("2026-11-21T18:14:59Z"))).toBe("Yesterday");
    expect(nepal(new Date("2026-11-21T18:15:00Z"))).toBe("Today");
  });

  it("reads the zone's day afresh in the minute its clocks change, one zone apart from another", () => {
    // Havana's clocks went from 00:00 to 01:00 on 8 Mar 2026, at 05:00 UTC: a minute before, it was
    // 23:59 on the 7th there; a minute after, 01:00 on the 8th, when it was 21:00 on the 7th in Los Angeles.
    const noonOnThe7th = new Date("2026-03-07T17:00:00Z");
    const before = new Date("2026-03-08T04:59:30Z");
    const after = new Date("2026-03-08T05:00:30Z");
    expect(relativeDates("America/Havana", before)(noonOnThe7th)).toBe("Today");
    expect(relativeDates("America/Havana", after)(noonOnThe7th)).toBe("Yesterday");
    expect(relativeDates("America/Los_Angeles", after)(noonOnThe7th)).toBe("Today");
    expect(relativeDates("America/Havana", before)(noonOnThe7th)).toBe("Today");
  });
});

describe("formatDate and formatDateTime", () => {
  it("write the day and time of the reader's time zone, which the time names", () => {
    // 00:30 in London in summer (BST) is 23:30 UTC the day before.
    const justAfterMidnight = "2026-07-01T23:30:00Z";
    expect(formatDate(justAfterMidnight, "Europe/London")).toBe("2 Jul 2026");
    expect(formatDate(justAfterMidnight, "UTC")).toBe("1 Jul 2026");
    expect(formatDateTime(justAfterMidnight, "Europe/London")).toBe("2 Jul 2026, 00:30 UTC+1");
    // One label for one clock: London in winter reads as UTC does.
    expect(formatDateTime("2026-11-22T09:05:00Z", "Europe/London")).toBe("22 Nov 2026, 09:05 UTC");
    expect(formatDateTime("2026-11-22T09:05:00Z", "UTC")).toBe("22 Nov 2026, 09:05 UTC");
    expect(formatDateTime("2026-11-22T09:05:00Z", "Asia/Kolkata")).toBe("22 Nov 2026, 14:35 UTC+5:30");
  });

  it(`make their formatters once a zone, kept for the ${ZONES_KEPT} zones most recently read`, () => {
    const zones = Intl.supportedValuesOf("timeZone");
    const instant = "2026-07-01T23:30:00Z";
    const dayIn = (timeZone: string) =>
      new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone }).format(
        new Date(instant),
      );
    for (const zone of zones) expect(formatDate(instant, zone), zone).toBe(dayIn(zone));
    const firstDay = dayIn(zones[0]);
    const made = countFormattersMade();
    try {
      for (const zone of zones.slice(-ZONES_KEPT)) formatDate(instant, zone);
      expect(made).not.toHaveBeenCalled();
      // The first zone was dropped ZONES_KEPT zones ago: its date and date-time formatters are made again.
      expect(formatDate(instant, zones[0])).toBe(firstDay);
      expect(made).toHaveBeenCalledTimes(2);
    } finally {
      made.mockRestore();
    }
  });
});

describe("relativeNoteTime (lead notes)", () => {
  it("says hours ago under 24 hours, then Yesterday, then N days ago", () => {
    expect(relativeNoteTime(ago(5 * 60_000), now)).toBe("Just now");
    expect(relativeNoteTime(ago(HOUR), now)).toBe("1 hour ago");
    expect(relativeNoteTime(ago(23 * HOUR), now)).toBe("23 hours ago");
    expect(relativeNoteTime(ago(25 * HOUR), now)).toBe("Yesterday");
    expect(relativeNoteTime(ago(47 * HOUR), now)).toBe("Yesterday");
    expect(relativeNoteTime(ago(48 * HOUR), now)).toBe("2 days ago");
    expect(relativeNoteTime(ago(12 * DAY), now)).toBe("12 days ago");
  });
});

describe("initials", () => {
  it("takes the first letter of each name", () => {
    expect(initials("ann", "Lee")).toBe("AL");
  });
});
