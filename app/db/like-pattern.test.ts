import { describe, expect, it } from "vitest";
import { containsPattern } from "./like-pattern";

describe("containsPattern", () => {
  it("wraps the trimmed text in %, escaping LIKE's own characters", () => {
    expect(containsPattern("  acme ")).toBe("%acme%");
    expect(containsPattern("100%_off\\now")).toBe("%100\\%\\_off\\\\now%");
  });
  it("is no search for blank text", () => {
    expect(containsPattern("   ")).toBeNull();
    expect(containsPattern(undefined)).toBeNull();
  });
});
