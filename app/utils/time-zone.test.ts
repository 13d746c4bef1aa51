import { describe, expect, it } from "vitest";
import { countFormattersMade } from "../../tests/support/formatters-made";
import { canonicalTimeZone, ZONES_KEPT, zonedDate, zonedTime, zonedTimeToUtc } from "./time-zone";

describe("time zones", () => {
  it("knows a time zone from anything else", () => {
    expect(canonicalTimeZone("Europe/London")).toBe("Europe/London");
    expect(canonicalTimeZone("America/New_York")).toBe("America/New_York");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
    expect(canonicalTimeZone(undefined)).toBeNull();
    expect(canonicalTimeZone("Europe/London ")).toBeNull();
    expect(canonicalTimeZone(`Europe/${"x".repeat(64)}`)).toBeNull();
  });

  it("names a zone by its canonical name, however it was spelt", () => {
    for (const spelling of ["europe/london", "EUROPE/LONDON", "eUROPE/lONDON", "GB", "gb-eire"]) {
      expect(canonicalTimeZone(spelling), spelling).toBe("Europe/London");
    }
    expect(canonicalTimeZone("us/eastern")).toBe("America/New_York");
    expect(canonicalTimeZone("etc/utc")).toBe("UTC");
    // Only ASCII letters match whatever their case: the Kelvin sign lower-cases to "k" but names no zone.
    expect(canonicalTimeZone("Europe/\u212Aiev")).toBeNull();
  });

  it("makes a zone's formatters once, for every spelling of it", () => {
    const made = countFormattersMade();
    try {
      const instant = new Date("2026-11-24T03:30:00Z");
      expect(zonedTime(instant, canonicalTimeZone("Asia/Tokyo")!)).toBe("12:30");
      made.mockClear();
      for (const spelling of ["asia/tokyo", "ASIA/TOKYO", "aSIA/tOKYO", "Asia/TOKYO"]) {
        expect(zonedTime(instant, canonicalTimeZone(spelling)!), spelling).toBe("12:30");
      }
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it(`keeps formatters for the ${ZONES_KEPT} zones most recently read, and reads any other zone right`, () => {
    const zones = Intl.supportedValuesOf("timeZone");
    const instant = new Date("2026-07-01T12:00:00Z");
    const expected = (zone: string) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: zone,
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(instant);
    for (const zone of zones) expect(zonedTime(instant, zone), zone).toBe(expected(zone));
    const first = expected(zones[0]);
    const made = countFormattersMade();
    try {
      for (const zone of zones.slice(-ZONES_KEPT)) zonedTime(instant, zone);
      expect(made).not.toHaveBeenCalled();
      // The first zone was dropped ZONES_KEPT zones ago: it is formatted with a formatter made again.
      expect(zonedTime(instant, zones[0])).toBe(first);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
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
