import { describe, expect, it } from "vitest";
import { isTimeZone, zonedDate, zonedTime, zonedTimeToUtc } from "./time-zone";

describe("time zones", () => {
  it("knows a time zone from anything else", () => {
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(undefined)).toBe(false);
  });

  it("shows an instant as the day and time of the zone's clock", () => {
    const instant = new Date("2026-11-24T03:30:00Z");
    expect(zonedDate(instant, "UTC")).toBe("2026-11-24");
    expect(zonedDate(instant, "America/New_York")).toBe("2026-11-23");
    expect(zonedTime(instant, "America/New_York")).toBe("22:30");
    expect(zonedDate(instant, "Asia/Tokyo")).toBe("2026-11-24");
    expect(zonedTime(instant, "Asia/Tokyo")).toBe("12:30");
    expect(zonedTime(new Date("2026-07-01T08:00:00Z"), "Europe/London")).toBe("09:00");
  });

  it("turns a zone's wall-clock time into the UTC instant", () => {
    expect(zonedTimeToUtc("2026-11-23", "09:00", "Europe/London").toISOString()).toBe(
      "2026-11-23T09:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-07-01", "09:00", "Europe/London").toISOString()).toBe(
      "2026-07-01T08:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-11-23", "23:30", "America/New_York").toISOString()).toBe(
      "2026-11-24T04:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-11-24", "00:15", "Asia/Kolkata").toISOString()).toBe(
      "2026-11-23T18:45:00.000Z",
    );
    expect(zonedTimeToUtc("2026-11-23", "00:00", "UTC").toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });

  it("round-trips across the year's clock changes", () => {
    for (const zone of ["Europe/London", "America/New_York", "Australia/Sydney"]) {
      for (const date of [
        "2026-03-08",
        "2026-03-29",
        "2026-10-25",
        "2026-11-01",
        "2026-04-05",
        "2026-10-04",
      ]) {
        for (const time of ["00:00", "01:30", "03:00", "09:00", "23:59"]) {
          const instant = zonedTimeToUtc(date, time, zone);
          // A skipped wall-clock time moves forward; every other time comes back as itself.
          const back = `${zonedDate(instant, zone)} ${zonedTime(instant, zone)}`;
          expect(back >= `${date} ${time}`, `${zone} ${date} ${time} -> ${back}`).toBe(true);
          expect(instant.getTime() - zonedTimeToUtc(date, "00:00", zone).getTime()).toBeLessThan(
            26 * 3600_000,
          );
        }
      }
    }
    // London springs forward at 01:00 on 29 March 2026: 01:30 does not exist and becomes 02:30.
    const skipped = zonedTimeToUtc("2026-03-29", "01:30", "Europe/London");
    expect(zonedTime(skipped, "Europe/London")).toBe("02:30");
  });
});
