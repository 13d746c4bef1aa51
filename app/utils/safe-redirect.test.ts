import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/leads?q=acme&open=1")).toBe("/leads?q=acme&open=1");
  });
  it("refuses anything a browser could read as another site", () => {
    for (const to of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "leads",
    ]) {
      expect(safeRedirect(to)).toBe("/");
    }
    expect(safeRedirect(null, "/leads")).toBe("/leads");
  });
});
