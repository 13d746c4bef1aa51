// The JSON API and the pages are two route trees (docs/decisions/008-two-route-trees.md): each path is
// answered by its own tree, a page's browser manifest lists no API route, and no page routes to the API in
// the browser (it could not: the page tree does not know those routes; ESLint refuses such a link, form or
// fetcher, tests/integration/lint-rules.test.ts). Also what the patch that makes Remix's router rank a route
// tree once (decision 010, patches/) must keep: each path's best route, each caller's own matches;
// dependency-patches.test.ts checks that it is applied.
import { createRequire } from "node:module";
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
});

describe("Remix's router, patched to rank a route tree once and keep its matches (docs/decisions/010-route-matching-patch.md)", () => {
  const require = createRequire(import.meta.url);

  it("a page's render reuses the route tree of its routes, with each request's own matches", () => {
    const { createStaticRouter } =
      require("react-router-dom/server") as typeof import("react-router-dom/server");
    const routes = [{ id: "root", path: "/", children: [{ id: "leads", path: "leads" }] }];
    const render = (pathname: string, matched: string[]) =>
      createStaticRouter(routes, {
        basename: "/",
        location: { pathname, search: "", hash: "", state: null, key: "default" },
        matches: matched.map((id) => ({ params: {}, pathname, pathnameBase: pathname, route: { id } })),
        loaderData: {},
        actionData: null,
        errors: null,
        statusCode: 200,
        loaderHeaders: {},
        actionHeaders: {},
        activeDeferreds: null,
      } as unknown as Parameters<typeof createStaticRouter>[1]);
    const first = render("/", ["root"]);
    const second = render("/leads", ["root", "leads"]);
    expect(second.routes).toBe(first.routes);
    expect(second.state.location.pathname).toBe("/leads");
    expect(second.state.matches.map((match) => match.route.id)).toEqual(["root", "leads"]);
    expect(second.state.matches[1].route).toBe(second.routes[0].children![0]);
  });

  it("still matches each path to its best-ranked route, call after call on one tree", () => {
    const { matchRoutes, matchPath } = require("@remix-run/router") as typeof import("@remix-run/router");
    const routes = [
      { id: "key", path: "/api/leads/:key" },
      { id: "detail", path: "/api/leads/detail/:id" },
      { id: "archived", path: "/api/leads/:key/archived" },
      { id: "splat", path: "/api/*" },
    ];
    const best = (pathname: string) => matchRoutes(routes, pathname)?.map((match) => match.route.id);
    for (let round = 0; round < 2; round++) {
      expect(best("/api/leads/detail/7")).toEqual(["detail"]);
      expect(best("/api/leads/TSS")).toEqual(["key"]);
      expect(best("/api/leads/TSS/archived")).toEqual(["archived"]);
      expect(best("/api/nothing/here")).toEqual(["splat"]);
      expect(matchPath("/leads/:leadId", "/leads/42")?.params).toEqual({ leadId: "42" });
      expect(matchPath({ path: "/leads", end: false }, "/leads/42")?.pathname).toBe("/leads");
    }
  });

  it("keeps a path's matches for the next call, each caller getting its own copy", () => {
    const { matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");
    const routes = [{ id: "root", path: "/", children: [{ id: "lead", path: "leads/:leadId" }] }];
    const first = matchRoutes(routes, "/leads/42")!;
    // Params are read-only to TypeScript, but nothing stops a caller at run time.
    (first[1].params as Record<string, string>).leadId = "changed by the first caller";
    first.pop();
    const second = matchRoutes(routes, { pathname: "/leads/42" })!;
    expect(second.map((match) => [match.route.id, match.params.leadId])).toEqual([
      ["root", "42"],
      ["lead", "42"],
    ]);
    expect(second[1].route).toBe(routes[0].children[0]);
    // The same path under a basename, or with no route for it, is matched on its own.
    expect(matchRoutes(routes, "/crm/leads/42", "/crm")?.map((match) => match.pathname)).toEqual([
      "/",
      "/leads/42",
    ]);
    expect(matchRoutes(routes, "/leads/42", "/crm")).toBeNull();
    expect(matchRoutes(routes, "/contacts")).toBeNull();
    // Past the last 1,000 paths, a path is matched afresh, and still right.
    for (let n = 0; n < 1_200; n++) matchRoutes(routes, `/leads/${n}`);
    expect(matchRoutes(routes, "/leads/42")?.[1].params).toEqual({ leadId: "42" });
  });
});
