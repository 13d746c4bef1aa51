import { describe, expect, it } from "vitest";
import {
  calendarLeadHref,
  calendarView,
  dayStarts,
  daysRange,
  followUpState,
  monthGrid,
  monthTitle,
  shiftDay,
  shiftMonth,
  weekOf,
} from "./calendar-view";

describe("monthGrid", () => {
  it("runs Sunday to Saturday, from the week of the 1st to the week of the last day", () => {
    const november = monthGrid("2026-11"); // 1 November 2026 is a Sunday
    expect(november[0]).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
    ]);
    expect(november.at(-1)).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    expect(november).toHaveLength(5);
    for (const week of november) expect(week).toHaveLength(7);
  });

  it("starts in the month before when the 1st is not a Sunday; a month starting on Saturday takes six weeks", () => {
    const august = monthGrid("2026-08"); // 1 August 2026 is a Saturday, 31 August a Monday
    expect(august[0][0]).toBe("2026-07-26");
    expect(august[0][6]).toBe("2026-08-01");
    expect(august).toHaveLength(6);
    expect(august.at(-1)![1]).toBe("2026-08-31");
  });

  it("handles February, in a common and a leap year, and a four-week February", () => {
    expect(monthGrid("2026-02")).toHaveLength(4); // 1 Feb 2026 is a Sunday: exactly four weeks
    expect(monthGrid("2026-02").flat().at(-1)).toBe("2026-02-28");
    const leap = monthGrid("2028-02").flat();
    expect(leap).toContain("2028-02-29");
    expect(leap[0]).toBe("2028-01-30");
  });
});

describe("months", () => {
  it("steps and names months", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(monthTitle("2026-11")).toBe("November 2026");
  });

  it("reads a month and days from the URL, ignoring what is not one", () => {
    const read = (query: string) => calendarView.read(new URLSearchParams(query));
    expect(read("month=2026-11&day=2026-11-23")).toMatchObject({ month: "2026-11", day: "2026-11-23" });
    expect(read("month=2026-13&day=2026-02-30x&schedule=0000-01-01")).toMatchObject({
      month: "",
      day: "",
      schedule: "",
    });
    // Days that do not exist, and months past the last grid that stays in four-digit years.
    expect(read("day=2026-02-29&schedule=2026-04-31")).toMatchObject({ day: "", schedule: "" });
    expect(read("day=2024-02-29&schedule=2026-12-31")).toMatchObject({
      day: "2024-02-29",
      schedule: "2026-12-31",
    });
    expect(read("month=9999-12&day=9999-12-31")).toMatchObject({ month: "", day: "" });
    expect(read("month=9999-11&day=1900-01-01")).toMatchObject({ month: "9999-11", day: "1900-01-01" });
  });

  it("bounds a run of days in a zone as UTC instants", () => {
    expect(daysRange("2026-11-01", "2026-12-05", "Europe/London")).toEqual({
      from: new Date("2026-11-01T00:00:00Z"),
      to: new Date("2026-12-06T00:00:00Z"),
    });
    expect(daysRange("2026-07-01", "2026-07-01", "America/New_York")).toEqual({
      from: new Date("2026-07-01T04:00:00Z"),
      to: new Date("2026-07-02T04:00:00Z"),
    });
  });
});

describe("the agenda", () => {
  it("is the day's week, Sunday to Saturday, across a month's and a year's end", () => {
    expect(weekOf("2026-11-28")).toEqual([
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
    ]); // a Saturday
    expect(weekOf("2026-11-29")[0]).toBe("2026-11-29"); // a Sunday
    expect(weekOf("2026-12-31")[0]).toBe("2026-12-27");
    expect(weekOf("2026-12-31")[6]).toBe("2027-01-02");
    expect(shiftDay("2028-02-28", 1)).toBe("2028-02-29");
    expect(shiftDay("2026-01-03", -7)).toBe("2025-12-27");
  });

  it("reads week or day; anything else is the week", () => {
    const read = (query: string) => calendarView.read(new URLSearchParams(query));
    expect(read("agenda=day")).toMatchObject({ agenda: "day" });
    expect(read("agenda=month")).toMatchObject({ agenda: "week" });
  });
});

describe("links", () => {
  const view = calendarView.read(
    new URLSearchParams("month=2026-11&day=2026-11-23&agenda=day&schedule=2026-11-24&pick=ann&tpage=2"),
  );

  it("opens a lead over the calendar as it is, without its Schedule Follow-up dialog", () => {
    expect(calendarLeadHref(view, "9b2f")).toBe(
      "/calendar/lead/9b2f?month=2026-11&day=2026-11-23&tpage=2&agenda=day",
    );
  });
});

describe("dayStarts", () => {
  it("gives each day's local midnight in UTC, then the end of the last, across a clock change", () => {
    const starts = dayStarts(["2026-03-28", "2026-03-29", "2026-03-30"], "Europe/London");
    expect(starts.map((start) => start.toISOString())).toEqual([
      "2026-03-28T00:00:00.000Z",
      "2026-03-29T00:00:00.000Z",
      // The clocks went forward on the 29th: that day had 23 hours.
      "2026-03-29T23:00:00.000Z",
      "2026-03-30T23:00:00.000Z",
    ]);
  });
});

describe("followUpState", () => {
  const at = (iso: string, isFollowUpComplete = false) => ({ followUpDate: iso, isFollowUpComplete });

  it("completed wins; then past its time is overdue; later today is due today; later is upcoming", () => {
    const now = new Date("2026-11-23T14:00:00Z");
    expect(followUpState(at("2026-11-20T09:00:00Z", true), now, "UTC")).toBe("completed");
    expect(followUpState(at("2026-11-23T09:00:00Z"), now, "UTC")).toBe("overdue");
    expect(followUpState(at("2026-11-23T16:00:00Z"), now, "UTC")).toBe("today");
    expect(followUpState(at("2026-11-24T09:00:00Z"), now, "UTC")).toBe("upcoming");
  });

  it("decides 'today' by the user's clock, around midnight", () => {
    // 23:30 on 23 November in New York is 04:30 UTC on the 24th.
    const now = new Date("2026-11-24T04:30:00Z");
    const lateTonight = at("2026-11-24T04:50:00Z"); // 23:50 New York, still the 23rd there
    const tomorrowMorning = at("2026-11-24T14:00:00Z"); // 09:00 New York on the 24th
    expect(followUpState(lateTonight, now, "America/New_York")).toBe("today");
    expect(followUpState(tomorrowMorning, now, "America/New_York")).toBe("upcoming");
    // In UTC both are on the 24th, today.
    expect(followUpState(tomorrowMorning, now, "UTC")).toBe("today");
    // In Tokyo it is already 13:30 on the 24th: 09:00 New York (23:00 Tokyo) is later today.
    expect(followUpState(tomorrowMorning, now, "Asia/Tokyo")).toBe("today");
    expect(followUpState(at("2026-11-24T04:29:59Z"), now, "America/New_York")).toBe("overdue");
  });
});
