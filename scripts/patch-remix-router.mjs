// Run by `npm install` / `npm ci` (postinstall). Remix 2's router flattens and ranks every route and compiles
// a regular expression per route path on every match, several times per request: a sixth of a small JSON
// answer's CPU. This patch makes its server build (the CommonJS file; the browser's build is left alone)
// do that once per route tree and once per path, as React Router 7 does since remix-run/react-router#14967,
// and makes a page's render reuse its route tree instead of building a new one (which then ranked anew).
// docs/decisions/010-route-matching-patch.md says why a patch, and what to do when it no longer applies.
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const MARK = "/* patched by scripts/patch-remix-router.mjs */";

const routerEdits = [
  [
    "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;",
    "  let branches = rankedBranches(routes);\n  let matches = null;",
  ],
  [
    "function compilePath(path, caseSensitive, end) {",
    `${MARK}
// A server's route trees do not change once built: their branches are flattened and ranked once each.
const rankedBranchesOf = new WeakMap();
function rankedBranches(routes) {
  let branches = rankedBranchesOf.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesOf.set(routes, branches);
  }
  return branches;
}
// A route path's expression, compiled once (bounded: matchPath is public and may see any pattern).
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "|" + (caseSensitive === true) + "|" + (end !== false);
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    compiled = compilePathOnce(path, caseSensitive, end);
    if (compiledPaths.size < 1000) compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathOnce(path, caseSensitive, end) {`,
  ],
];

// A page's render built its route tree twice per request (RemixServer, then createStaticRouter), so the
// ranked branches above were never found again: each build is now kept per route manifest, which a server
// build never changes.
const remixServerEdits = [
  [
    "function RemixServer({",
    `${MARK}
const serverRoutesOf = new WeakMap();
function RemixServer({`,
  ],
  [
    "  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
    `  let routes$1 = serverRoutesOf.get(manifest.routes);
  if (!routes$1) {
    routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
    serverRoutesOf.set(manifest.routes, routes$1);
  }`,
  ],
];
const staticRouterEdits = [
  [
    "function createStaticRouter(routes, context, opts = {}) {\n  let manifest = {};\n  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);",
    `${MARK}
const dataRoutesOf = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let converted = dataRoutesOf.get(routes);
  if (!converted) {
    let manifest = {};
    let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);
    converted = { manifest, dataRoutes };
    dataRoutesOf.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;`,
  ],
];

patch(require.resolve("@remix-run/router"), routerEdits);
patch(require.resolve("@remix-run/react/dist/server.js"), remixServerEdits);
patch(require.resolve("react-router-dom/server.js"), staticRouterEdits);

function patch(file, edits) {
  let text = fs.readFileSync(file, "utf8");
  if (text.includes(MARK)) return;
  for (const [from, to] of edits) {
    if (text.split(from).length !== 2) {
      console.error(
        `scripts/patch-remix-router.mjs: ${file} is not the version the patch was written for. ` +
          "See docs/decisions/010-route-matching-patch.md.",
      );
      process.exit(1);
    }
    text = text.replace(from, to);
  }
  fs.writeFileSync(file, text);
}
