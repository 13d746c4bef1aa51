import { describe, expect, it } from "vitest";
import { byteRange } from "./byte-range";

describe("byteRange", () => {
  it("sends the whole body without a header, or for a header it does not serve", () => {
    expect(byteRange(null, 100)).toBeNull();
    expect(byteRange("bytes=0-9,20-29", 100)).toBeNull();
    expect(byteRange("items=0-9", 100)).toBeNull();
    expect(byteRange("bytes=-", 100)).toBeNull();
  });
  it("reads a start and end, an open end, and a suffix", () => {
    expect(byteRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
  });
  it("is unsatisfiable past the end or backwards", () => {
    expect(byteRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(byteRange("bytes=50-40", 100)).toBe("unsatisfiable");
    expect(byteRange("bytes=-0", 100)).toBe("unsatisfiable");
  });
});
