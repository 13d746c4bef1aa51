// Run by `npm install` / `npm ci` (postinstall): edits dependencies where they fall short, each edit checked
// against the exact text it replaces.
//  - Remix 2's router flattens and ranks every route and compiles a regular expression per route path on every
//    match, several times per request, costly even for a small JSON answer. Its server build (the CommonJS
//    file; the browser's build is left alone) does that once per route tree and once per path, as React Router
//    7 does since remix-run/react-router#14967, keeps the matches of each path it was asked lately, and a page's
//    render reuses its route tree instead of building a new one (which then ranked anew).
//    docs/decisions/010-route-matching-patch.md.
//  - postgres.js 3.4.9 leaves some queries unsettled when a connection's socket closes, so after a database
//    outage a request could wait forever or be answered another statement's result, and a transaction cut off
//    in the middle, or begun on a full pipeline, could end the process. docs/decisions/016-postgres-driver-patch.md.
//  - Remix 2's server copies the request twice for every loader and action it calls, to strip two search
//    parameters that are almost never there: each copy a URL, a Request and an abort signal. It now hands the
//    request on as it is when the parameter is not in its address. docs/decisions/019-loader-requests-not-copied.md.
//  - Remix 2's browser build logs an error in the console when a navigation is left (Back, another link) while
//    its data is still arriving. docs/decisions/018-left-navigation-not-logged.md.
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const MARK = "/* patched by scripts/patch-dependencies.mjs */";
const ROUTER_DECISION = "docs/decisions/010-route-matching-patch.md";
const DRIVER_DECISION = "docs/decisions/016-postgres-driver-patch.md";
const LEFT_NAVIGATION_DECISION = "docs/decisions/018-left-navigation-not-logged.md";
const REQUEST_COPIES_DECISION = "docs/decisions/019-loader-requests-not-copied.md";

const routerEdits = [
  [
    'function matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;',
    `// A request matches its path against the same route tree several times (the handler, the data query, the
// render, its links): each tree keeps the matches of its last 1,000 paths, and every caller gets its own copy.
const matchesOf = new WeakMap();
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  let key = (allowPartial ? "partial|" : "|") + (basename || "") + "|" + (location.pathname || "/");
  let byPath = matchesOf.get(routes);
  if (!byPath) matchesOf.set(routes, (byPath = new Map()));
  let matches = byPath.get(key);
  if (matches === undefined) {
    matches = matchRoutesOnce(routes, location, basename, allowPartial);
    if (byPath.size >= 1000) byPath.delete(byPath.keys().next().value);
    byPath.set(key, matches);
  }
  return matches && matches.map((match) => ({ ...match, params: { ...match.params } }));
}
function matchRoutesOnce(routes, location, basename, allowPartial) {`,
  ],
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

// When a connection's socket closes, every query it holds is settled (rejected with CONNECTION_CLOSED, which
// the app answers 503) and nothing of it is left for the next socket. Before:
//  - a query the pool sent to the connection between its socket's 'error' and 'close' events (the socket was
//    already dead) stayed in the connection's query slot, waiting until the connection was opened again
//    (perhaps never), and then the new socket's first ReadyForQuery resolved it with an empty result (a
//    session read as signed out, a list read as empty);
//  - the first query of a connection still starting when its socket closed cleanly (no 'error') waited
//    forever while the connection reconnected at once, again and again (porsager/postgres#1193);
//  - bytes waiting to be written were kept, with their timer, so the next socket's startup message was
//    queued behind them and never sent: that connection then ended in CONNECT_TIMEOUT;
//  - a statement made on the closed connection (a transaction's own ROLLBACK after its statement failed)
//    was written to no socket at all: a TypeError thrown from a timer, which ends the process
//    (porsager/postgres#1208). It is now rejected, and the connection stays where the pool put it.
// And a transaction's BEGIN always reserves its connection: sent to a connection at the pipeline's limit (100
// statements waiting), it skipped that step, and the transaction threw a TypeError from a timer, which ends the
// process, leaving the connection in a transaction for the next statements (porsager/postgres#1189).
// Reconnecting to the next host of a multi-host URL (error() returns early then) is left as it was.
const driverEdits = [
  [
    `    incomings = null
    clearImmediate(nextWriteTimer)
`,
    `    incomings = null
    ${MARK}
    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null
`,
  ],
  [
    `    socket = null

    if (initial)
      return reconnect()

    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))
`,
    `    socket = null

    if (initial && !terminated)
      error(Errors.connection('CONNECTION_CLOSED', options, socket))
    if (initial)
      return reconnect()

    if (query || sent.length)
      error(Errors.connection('CONNECTION_CLOSED', options, socket))
    query = errorResponse = results = null
    result = new Result()
`,
  ],
  [
    `    if (q.cancelled)
      return

    try {
      q.state = backend`,
    `    if (q.cancelled)
      return

    if (!socket)
      return (queryError(q, Errors.connection('CONNECTION_CLOSED', options)), true)

    try {
      q.state = backend`,
  ],
  [
    `      return write(toBuffer(q))
        && !q.describeFirst
        && !q.cursorFn
        && sent.length < max_pipeline
        && (!q.options.onexecute || q.options.onexecute(connection))`,
    `      const more = write(toBuffer(q))
        && !q.describeFirst
        && !q.cursorFn
        && sent.length < max_pipeline
      return q.options.onexecute ? q.options.onexecute(connection) : more`,
  ],
];

// A loader or action is given a request without `index` and `_routes` in its search (Remix's own parameters):
// a request without them is handed on as it is rather than copied.
const loaderRequestEdits = [
  [
    "function stripIndexParam(request) {\n  let url = new URL(request.url);",
    `${MARK}
function stripIndexParam(request) {
  if (!request.url.includes("index")) return request;
  let url = new URL(request.url);`,
  ],
  [
    "function stripRoutesParam(request) {\n  let url = new URL(request.url);",
    `function stripRoutesParam(request) {
  if (!request.url.includes("_routes")) return request;
  let url = new URL(request.url);`,
  ],
];

// The router aborts a navigation's data request when the user leaves it; the body then fails to decode, which the
// router ignores since the navigation is gone, but Remix logged it first.
const singleFetchEdits = [
  [
    "  } catch (e) {\n    console.error(e);\n    throw new Error(`Unable to decode turbo-stream response",
    `  } catch (e) {
    ${MARK}
    if (!init.signal?.aborted) console.error(e);
    throw new Error(\`Unable to decode turbo-stream response`,
  ],
];

patch(require.resolve("@remix-run/router"), routerEdits, ROUTER_DECISION);
patch(require.resolve("@remix-run/react/dist/server.js"), remixServerEdits, ROUTER_DECISION);
patch(require.resolve("react-router-dom/server.js"), staticRouterEdits, ROUTER_DECISION);
// The CommonJS build, which the server loads (the package has no "exports"; Node takes its "main").
patch(require.resolve("@remix-run/server-runtime/dist/data.js"), loaderRequestEdits, REQUEST_COPIES_DECISION);
// The browser's build (ES modules) and the CommonJS one, alike.
const remixBrowserIndex = require.resolve("@remix-run/react");
patch(remixBrowserIndex.replace(/index\.js$/, "single-fetch.js"), singleFetchEdits, LEFT_NAVIGATION_DECISION);
patch(
  remixBrowserIndex.replace(/index\.js$/, "esm/single-fetch.js"),
  singleFetchEdits,
  LEFT_NAVIGATION_DECISION,
);
// The ES module build (what `import` loads: server.ts through tsx, the server build) and the CommonJS one.
const driverIndex = require.resolve("postgres");
patch(driverIndex.replace(/index\.js$/, "connection.js"), driverEdits, DRIVER_DECISION);
patch(driverIndex.replace(/cjs[/\\]src[/\\]index\.js$/, "src/connection.js"), driverEdits, DRIVER_DECISION);

function patch(file, edits, decision) {
  let text = fs.readFileSync(file, "utf8");
  if (text.includes(MARK)) return;
  for (const [from, to] of edits) {
    if (text.split(from).length !== 2) {
      console.error(
        `scripts/patch-dependencies.mjs: ${file} is not the version the patch was written for. See ${decision}.`,
      );
      process.exit(1);
    }
    text = text.replace(from, to);
  }
  fs.writeFileSync(file, text);
}
