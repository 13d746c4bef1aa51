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

describe("safeRedirect with characters a Location header cannot hold", () => {
  it("percent-encodes DEL and characters beyond Latin-1 instead of failing", () => {
    expect(safeRedirect("/leads?q=\u007f")).toBe("/leads?q=%7F");
    expect(safeRedirect("/leads?q=caf\u00e9 \u4e2d")).toBe("/leads?q=caf%C3%A9 %E4%B8%AD");
  });
  it("falls back for text that cannot be encoded", () => {
    expect(safeRedirect("/leads?q=\ud800")).toBe("/");
  });
});
