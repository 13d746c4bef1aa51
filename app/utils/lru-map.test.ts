import { describe, expect, it } from "vitest";
import { LruMap } from "./lru-map";

describe("LruMap", () => {
  it("holds no more than its limit however many keys it is given", () => {
    const map = new LruMap<number, string>(3);
    for (let key = 0; key < 1000; key++) map.set(key, String(key));
    expect(map.size).toBe(3);
    expect([map.get(997), map.get(998), map.get(999)]).toEqual(["997", "998", "999"]);
    expect(map.get(0)).toBeUndefined();
  });

  it("forgets the entry least recently read or written first", () => {
    const map = new LruMap<string, number>(2);
    map.set("a", 1).set("b", 2);
    expect(map.get("a")).toBe(1);
    map.set("c", 3);
    expect([map.get("a"), map.get("b"), map.get("c")]).toEqual([1, undefined, 3]);
    map.set("a", 10).set("d", 4);
    expect([map.get("a"), map.get("c"), map.get("d")]).toEqual([10, undefined, 4]);
  });
});
