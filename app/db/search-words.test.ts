import { describe, expect, it } from "vitest";
import { tsqueryText, wordQuery } from "./search-words";

describe("what the whole-word index is asked for a search", () => {
  it("answers a search of letters alone or digits alone exactly, as a prefix", () => {
    expect(wordQuery(" Smith ")).toEqual({ runs: ["smith"], exact: true });
    expect(wordQuery("4821")).toEqual({ runs: ["4821"], exact: true });
    expect(tsqueryText(wordQuery("Smith")!, ["#tss", "#active"])).toBe("'#tss' & '#active' & 'smith':*");
    expect(tsqueryText(wordQuery("Hart")!, ["#tss"], { companyOnly: true })).toBe("'#tss' & '~hart':*");
  });

  it("gives the two longest runs of any other search, to be checked whole", () => {
    expect(wordQuery("james.smith12@")).toEqual({ runs: ["james", "smith"], exact: false });
    expect(wordQuery("Hartmorshaw Ltd")).toEqual({ runs: ["hartmorshaw", "ltd"], exact: false });
    expect(wordQuery("smith12")).toEqual({ runs: ["smith"], exact: false });
    expect(wordQuery("Zoë Brontë")).toEqual({ runs: ["bront"], exact: false });
  });

  it("leaves searches without a run of three to the trigram index", () => {
    expect(wordQuery("ab")).toBeNull();
    expect(wordQuery("a.b-12")).toBeNull();
    expect(wordQuery("éé")).toBeNull();
    expect(wordQuery("   ")).toBeNull();
  });
});
