import { describe, expect, it } from "vitest";
import { countsByWords, tsqueryText, wordQuery } from "./search-words";

describe("what the whole-word index is asked for a search", () => {
  it("answers a search of letters alone or digits alone exactly, as a prefix", () => {
    expect(wordQuery(" Smith ")).toEqual({ run: "smith", exact: true });
    expect(wordQuery("4821")).toEqual({ run: "4821", exact: true });
    expect(tsqueryText(wordQuery("Smith")!, ["#tss", "#active"])).toBe("'#tss' & '#active' & 'smith':*");
    expect(tsqueryText(wordQuery("Hart")!, [], { companyOnly: true })).toBe("'~hart':*");
  });

  it("gives the longest run of any other search, to be checked whole", () => {
    expect(wordQuery("james.smith12@")).toEqual({ run: "james", exact: false });
    expect(wordQuery("Hartmorshaw Ltd")).toEqual({ run: "hartmorshaw", exact: false });
    expect(wordQuery("smith12")).toEqual({ run: "smith", exact: false });
    expect(wordQuery("Zoë Brontë")).toEqual({ run: "bront", exact: false });
  });

  it("has nothing to ask for a search without a run of three", () => {
    expect(wordQuery("ab")).toBeNull();
    expect(wordQuery("a.b-12")).toBeNull();
    expect(wordQuery("éé")).toBeNull();
    expect(wordQuery("   ")).toBeNull();
  });

  it("counts from the index alone an exact search of five or more characters", () => {
    expect(countsByWords(wordQuery("Smith"))).toBe(true);
    expect(countsByWords(wordQuery("ash"))).toBe(false);
    expect(countsByWords(wordQuery("james.smith"))).toBe(false);
    expect(countsByWords(wordQuery("ab"))).toBe(false);
  });
});
