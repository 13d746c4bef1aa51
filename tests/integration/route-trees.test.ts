// The JSON API and the pages are two route trees (docs/decisions/008-two-route-trees.md): each path is
// answered by its own tree, a page's browser manifest lists no API route, and no page routes to the API in
// the browser (it could not: the page tree does not know those routes).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { signInAdmin } from "../support/api-client";

describe("the API and the pages as two route trees", () => {
  it("an unknown /api path gets the API's JSON 404, an unknown page path the 404 page", async () => {
    const admin = await signInAdmin();
    const api = await admin.get("/api/no-such-thing");
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toMatch(/^application\/json/);
    const page = await admin.get("/no-such-page");
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.body).toContain("404 Page Not Found");
  });

  it("the routes a page's browser may discover are page routes only, and the API still answers", async () => {
    const admin = await signInAdmin();
    const page = await admin.get("/leads");
    expect(page.status).toBe(200);
    const manifestUrl = /\/build\/manifest-[\w]+\.js/.exec(page.body)?.[0];
    expect(manifestUrl).toBeTruthy();
    const version = /"version":"([^"]+)"/.exec((await admin.get(manifestUrl!)).body)?.[1];
    expect(version).toBeTruthy();
    // Lazy route discovery: the browser asks /__manifest for the routes of the paths its links point to.
    const discovered = await admin.get(`/__manifest?p=/contacts&p=/api/auth/user&version=${version}`);
    expect(discovered.status).toBe(200);
    const ids = Object.keys(discovered.body);
    expect(ids).toContain("routes/_app.contacts");
    expect(ids.filter((id) => id.startsWith("routes/api."))).toEqual([]);
    expect((await admin.get("/api/auth/user")).status).toBe(200);
  });

  it("no page routes to an /api path in the browser (a Link, a fetcher or a Remix Form)", () => {
    const offenders = sourceFiles("app")
      .filter((file) => file.endsWith(".tsx"))
      .filter((file) => {
        const text = fs.readFileSync(file, "utf8");
        return (
          /<(Link|NavLink)\b[^>]*\bto=\{?["'`]\/api/.test(text) ||
          /<Form\b[^>]*\baction=\{?["'`]\/api/.test(text) ||
          /\.(load|submit)\([^)]*["'`]\/api/.test(text)
        );
      });
    expect(offenders).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : [full];
  });
}
