import { describe, expect, it } from "vitest";
import { pageOrLast } from "./page-or-last";

/** A list of `total` numbers, read `size` at a time, recording the pages read. */
function list(total: number, size: number) {
  const read: number[] = [];
  const items = Array.from({ length: total }, (_, i) => i + 1);
  const readPage = async (page: number) => {
    read.push(page);
    return { items: items.slice((page - 1) * size, page * size), total };
  };
  return { read, readPage };
}

describe("pageOrLast", () => {
  it("answers the page asked for when it has rows, reading it once", async () => {
    const { read, readPage } = list(12, 5);
    expect(await pageOrLast(2, 5, readPage, (page) => page.items)).toEqual({
      items: [6, 7, 8, 9, 10],
      total: 12,
      page: 2,
    });
    expect(read).toEqual([2]);
  });

  it("answers the last page for a page past the end", async () => {
    const { read, readPage } = list(12, 5);
    expect(await pageOrLast(9, 5, readPage, (page) => page.items)).toEqual({
      items: [11, 12],
      total: 12,
      page: 3,
    });
    expect(read).toEqual([9, 3]);
  });

  it("an empty list is page 1, empty", async () => {
    const { read, readPage } = list(0, 5);
    expect(await pageOrLast(4, 5, readPage, (page) => page.items)).toEqual({ items: [], total: 0, page: 1 });
    expect(read).toEqual([4]);
  });
});
