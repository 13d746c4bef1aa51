import { describe, expect, it } from "vitest";
import { defineListState, param, parentHref } from "./list-state";

const view = defineListState(
  "/things",
  {
    tab: param.oneOf(["open", "closed"], "open"),
    q: param.text(5),
    mine: param.flag(),
    sort: param.oneOf(["name", "date"], (state) => (state.tab === "closed" ? "date" : "name")),
    dir: param.oneOf(["asc", "desc"], (state) => (state.sort === "date" ? "desc" : "asc")),
    page: param.page(100),
  },
  {
    new: param.choice(["thing"]),
    edit: param.id(),
    from: param.text(10),
  },
);

const read = (query: string) => view.read(new URLSearchParams(query));

describe("defineListState", () => {
  it("reads defaults from an empty query", () => {
    expect(read("")).toEqual({ tab: "open", q: "", mine: false, sort: "name", dir: "asc", page: 1 });
  });

  it("derives a default from the parameters before it", () => {
    expect(read("tab=closed")).toMatchObject({ sort: "date", dir: "desc" });
    expect(read("sort=date")).toMatchObject({ sort: "date", dir: "desc" });
  });

  it("clamps and ignores what it cannot use, never throwing", () => {
    expect(read("tab=nope&q=abcdefgh&mine=yes&sort=evil&dir=up&page=-3")).toEqual(read("q=abcde"));
    expect(read("page=1e20").page).toBe(100);
    expect(read("page=2.5").page).toBe(1);
    expect(read("q=a%00b").q).toBe("ab");
  });

  it("writes a state back without its defaults", () => {
    expect(view.href({})).toBe("/things");
    expect(view.href(read(""))).toBe("/things");
    expect(view.href({ tab: "closed", sort: "date", dir: "desc" })).toBe("/things?tab=closed");
    expect(view.href({ q: "ab c", mine: true, page: 3 })).toBe("/things?q=ab+c&mine=1&page=3");
    expect(view.href({ sort: "date", dir: "asc" })).toBe("/things?sort=date&dir=asc");
  });

  it("round-trips any state it read", () => {
    for (const query of ["tab=closed&sort=name", "q=x&page=4&dir=desc", "mine=1"]) {
      const state = read(query);
      expect(read(new URL(view.href(state), "http://x").search.slice(1))).toEqual(state);
    }
  });

  it("adds dialog parameters and another path", () => {
    const id = "0b9f5a8e-2c43-4f7e-9d0a-3f1e5c6b7a81";
    expect(view.href({ q: "a" }, { new: "thing", edit: id, from: null })).toBe(
      `/things?q=a&new=thing&edit=${id}`,
    );
    expect(view.href({ page: 2 }, { new: false }, "/things/7")).toBe("/things/7?page=2");
    // @ts-expect-error a dialog the page does not declare
    expect(() => view.href({}, { open: "1" })).toThrow();
  });

  it("reads dialog parameters: null when absent or malformed, never kept by the state", () => {
    const id = "0B9F5A8E-2C43-4F7E-9D0A-3F1E5C6B7A81";
    expect(view.dialogs(new URLSearchParams(`new=thing&edit=${id}&from=calendar`))).toEqual({
      new: "thing",
      edit: id.toLowerCase(),
      from: "calendar",
    });
    expect(view.dialogs(new URLSearchParams("new=other&edit=42"))).toEqual({
      new: null,
      edit: null,
      from: null,
    });
    expect(read("new=thing&q=a")).toEqual({ ...read("q=a") });
  });

  it("gives a GET form's hidden fields for chosen keys", () => {
    expect(view.hiddenFields({ tab: "closed", mine: true, q: "z" }, ["tab", "mine", "sort"])).toEqual([
      ["tab", "closed"],
      ["mine", "1"],
    ]);
  });
});

describe("several values, numbers and days", () => {
  const filters = defineListState("/list", {
    status: param.many(["NEW", "WON", "LOST"]),
    min: param.number(1000),
    from: param.day(),
  });
  const read = (query: string) => filters.read(new URLSearchParams(query));

  it("reads a set from one comma-separated value or the name repeated, in the set's order, unknown ones dropped", () => {
    expect(read("status=WON,NEW").status).toEqual(["NEW", "WON"]);
    expect(read("status=&status=LOST&status=NEW&status=NOPE").status).toEqual(["NEW", "LOST"]);
    expect(read("").status).toEqual([]);
    expect(filters.href({ status: ["NEW", "LOST"] })).toBe("/list?status=NEW%2CLOST");
    expect(filters.href({ status: [] })).toBe("/list");
  });

  it("reads a number within its bounds and a real calendar day, else the default", () => {
    expect(read("min=12.5&from=2026-02-28")).toEqual({ status: [], min: 12.5, from: "2026-02-28" });
    for (const bad of [
      "min=-1&from=2026-02-30",
      "min=1001&from=2026-13-01",
      "min=&from=0999-01-01",
      "min=x&from=2026-2-1",
    ])
      expect(read(bad)).toEqual({ status: [], min: null, from: "" });
  });
});

describe("parentHref", () => {
  it("drops the lead, and a /lead before it, keeping the query", () => {
    expect(parentHref("/leads/abc", "?q=x")).toBe("/leads?q=x");
    expect(parentHref("/dashboard/closed-deals/abc", "")).toBe("/dashboard/closed-deals");
    expect(parentHref("/calendar/lead/abc", "?month=2026-11")).toBe("/calendar?month=2026-11");
    expect(parentHref("/lead/abc", "")).toBe("/");
    expect(parentHref("/lead/abc", "?new=lead")).toBe("/?new=lead");
  });
});
