import { describe, expect, it } from "vitest";
import { percentChange } from "./dashboard.schema";
import { monthStarts } from "./dashboard.server";

describe("percentChange (CONTRACT.md 'Dashboard stats')", () => {
  it("is 0 when both months are 0, and 100 when only last month is", () => {
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(7, 0)).toBe(100);
    expect(percentChange(0.5, 0)).toBe(100);
  });
  it("is the change against last month in percent, rounded to one decimal", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(0, 4)).toBe(-100);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(4, 3)).toBe(33.3);
    expect(percentChange(1001, 1000)).toBe(0.1);
    expect(percentChange(100.05, 100)).toBe(0.1);
  });
});

describe("monthStarts", () => {
  it("is the first day of this month and the one before, in UTC", () => {
    expect(monthStarts(new Date("2026-11-23T12:00:00Z"))).toEqual({
      current: "2026-11-01",
      previous: "2026-10-01",
    });
    expect(monthStarts(new Date("2027-01-01T00:00:00Z"))).toEqual({
      current: "2027-01-01",
      previous: "2026-12-01",
    });
    // 23:30 on 31 January in New York is already February in UTC.
    expect(monthStarts(new Date("2027-01-31T23:30:00-05:00"))).toEqual({
      current: "2027-02-01",
      previous: "2027-01-01",
    });
    expect(monthStarts(new Date("2028-03-01T00:00:00Z"))).toEqual({
      current: "2028-03-01",
      previous: "2028-02-01",
    });
  });
});

describe("percentChange rounding", () => {
  it("rounds halves away from zero, and never says -0", () => {
    expect(percentChange(100.05, 100)).toBe(0.1);
    expect(percentChange(99.95, 100)).toBe(-0.1);
    expect(percentChange(100.01, 100)).toBe(0);
    expect(Object.is(percentChange(99.99, 100), -0)).toBe(false);
  });
});
