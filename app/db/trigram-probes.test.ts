import { describe, expect, it } from "vitest";
import { trigramProbes, type TrigramShares } from "./trigram-probes";

// Shares as a million bulk leads have them (pg_stats_ext_exprs): syllables common, their joins rare.
const stats: TrigramShares = {
  shares: new Map([
    ["har", 0.18],
    ["art", 0.16],
    ["mor", 0.13],
    ["sha", 0.13],
    ["haw", 0.12],
    ["ltd", 0.12],
    ["rsh", 0.016],
    ["ors", 0.0052],
    ["rtm", 0.0051],
    ["smi", 0.02],
    ["mit", 0.03],
    ["ith", 0.04],
  ]),
  floor: 0.0048,
};

describe("trigramProbes", () => {
  it("gives the rarest parts that share no letter, in the search's order and as written", () => {
    // tmo is not listed (rarer than the floor); rtm and ors overlap it; rsh is needed to be selective.
    expect(trigramProbes("Hartmorshaw Ltd", stats)).toEqual(["tmo", "rsh"]);
    expect(trigramProbes("HarTMOrshaw", stats)).toEqual(["TMO", "rsh"]);
  });

  it("takes every rare part that fits, and no common one once selective", () => {
    expect(trigramProbes("qzxwvkjyb", stats)).toEqual(["qzx", "wvk", "jyb"]);
  });

  it("leaves the whole search when its parts are common or too few to be selective", () => {
    expect(trigramProbes("Smith", stats)).toBeNull();
    expect(trigramProbes("harshaw", stats)).toBeNull();
    expect(trigramProbes("ab", stats)).toBeNull();
  });

  it("takes only parts of plain letters and digits", () => {
    expect(trigramProbes("qz-xw vk.jy", stats)).toBeNull();
    expect(trigramProbes("Zoë Ärzte-Qvistbylund", stats)).toEqual(["rzt", "Qvi", "stb", "ylu"]);
  });

  it("leaves the whole search without statistics", () => {
    expect(trigramProbes("Hartmorshaw Ltd", null)).toBeNull();
  });
});
