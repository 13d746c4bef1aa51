import { describe, expect, it } from "vitest";
import { pageWindow } from "./list";

describe("pageWindow", () => {
  it("lists every page when they fit", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(2, 3, 0)).toEqual([1, 2, 3]);
  });

  it("keeps the first, the last and the current page with its neighbours, gaps between", () => {
    expect(pageWindow(6, 1100)).toEqual([1, "gap", 5, 6, 7, "gap", 1100]);
    expect(pageWindow(6, 1100, 0)).toEqual([1, "gap", 6, "gap", 1100]);
  });

  it("shows more pages on the current page's side near an end, never a gap of one page", () => {
    expect(pageWindow(1, 1100)).toEqual([1, 2, 3, 4, 5, "gap", 1100]);
    expect(pageWindow(4, 1100)).toEqual([1, 2, 3, 4, 5, "gap", 1100]);
    expect(pageWindow(5, 1100)).toEqual([1, "gap", 4, 5, 6, "gap", 1100]);
    expect(pageWindow(1097, 1100)).toEqual([1, "gap", 1096, 1097, 1098, 1099, 1100]);
    expect(pageWindow(1096, 1100)).toEqual([1, "gap", 1095, 1096, 1097, "gap", 1100]);
    expect(pageWindow(3, 8, 0)).toEqual([1, 2, 3, "gap", 8]);
    expect(pageWindow(4, 8, 0)).toEqual([1, "gap", 4, "gap", 8]);
    expect(pageWindow(6, 8, 0)).toEqual([1, "gap", 6, 7, 8]);
  });

  it("is always as wide once the pages do not fit", () => {
    for (const siblings of [0, 1, 2]) {
      for (let page = 1; page <= 40; page++) {
        const slots = pageWindow(page, 40, siblings);
        expect(slots).toHaveLength(5 + 2 * siblings);
        expect(slots).toContain(page);
        // Every gap stands for two pages or more.
        slots.forEach((slot, i) => {
          if (slot === "gap") expect((slots[i + 1] as number) - (slots[i - 1] as number)).toBeGreaterThan(2);
        });
      }
    }
  });

  it("shows the end for a page past it (an old link), and nothing out of range", () => {
    expect(pageWindow(50, 12)).toEqual([1, "gap", 8, 9, 10, 11, 12]);
    expect(pageWindow(0, 12)).toEqual([1, 2, 3, 4, 5, "gap", 12]);
  });
});
