import { describe, expect, it } from "vitest";
import { formatGBP, initials, relativeDate, relativeNoteTime } from "./format";

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

describe("relativeDate (lists)", () => {
  it("says Today, Yesterday, N days ago up to 7, then the date", () => {
    expect(relativeDate(ago(HOUR), now)).toBe("Today");
    expect(relativeDate(ago(DAY), now)).toBe("Yesterday");
    expect(relativeDate(ago(3 * DAY), now)).toBe("3 days ago");
    expect(relativeDate(ago(7 * DAY), now)).toBe("7 days ago");
    expect(relativeDate(ago(8 * DAY), now)).toBe("14 Nov 2026");
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
