// docs/product holds copies of the requirement documents; they must match the originals when those are here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SHARED = path.resolve("..", "shared");

describe.runIf(fs.existsSync(SHARED))("docs/product", () => {
  it.each(["SPEC.md", "CONTRACT.md"])("%s is the same as ../shared/%s", (name) => {
    const copy = fs.readFileSync(path.join("docs", "product", name), "utf8");
    expect(copy).toBe(fs.readFileSync(path.join(SHARED, name), "utf8"));
  });
});
