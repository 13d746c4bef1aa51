// `npm run bench:web`: the JavaScript each page ships, gzipped, read from the build's manifest (run after
// `npm run build`). A page loads the entry, the root and every route module on its path, with their imports.
// Exits non-zero when /leads or /mobile, the pages issue 10 budgets, is over; the others are reported. Also
// exits non-zero when any page's first load carries zod: the forms' schemas are fetched when a form needs them
// (docs/decisions/017-form-schemas-load-late.md), and a static import of a schema module would undo that.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BUDGET_KB = 150;
const BUDGETED = new Set(["/leads", "/mobile"]);
/** The pages and the route modules they load, root to leaf. */
const PAGES: Record<string, string[]> = {
  "/": ["root", "routes/_app", "routes/_app._dashboard", "routes/_app._dashboard._index"],
  "/leads": ["root", "routes/_app", "routes/_app.leads"],
  "/leads/{id}": ["root", "routes/_app", "routes/_app.leads", "routes/_app.leads.$leadId"],
  "/pipeline": ["root", "routes/_app", "routes/_app.pipeline"],
  "/mobile": ["root", "routes/mobile"],
};

type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

const dir = path.resolve("public/build");
const manifestFile = fs.readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error("No build found: run `npm run build` first.");
const manifest = JSON.parse(
  fs
    .readFileSync(path.join(dir, manifestFile), "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;$/, ""),
) as Manifest;

const gzipped = new Map<string, number>();
function size(url: string) {
  if (!gzipped.has(url)) {
    const file = path.join(dir, url.replace(/^\/build\//, ""));
    gzipped.set(url, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
  }
  return gzipped.get(url)!;
}

let over = 0;
console.log(`JavaScript per page, gzipped (budget ${BUDGET_KB} KB):`);
for (const [page, routes] of Object.entries(PAGES)) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routes) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`The build has no route ${id}`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const kb = [...files].reduce((sum, file) => sum + size(file), 0) / 1024;
  const ok = kb <= BUDGET_KB;
  if (!ok && BUDGETED.has(page)) over++;
  const mark = ok ? "ok  " : BUDGETED.has(page) ? "OVER" : "over";
  console.log(`${mark} ${page.padEnd(12)} ${kb.toFixed(1).padStart(6)} KB in ${files.size} files`);
}
// Every route's first load, not only the pages above: zod's issue codes mark its code in any chunk.
const firstLoad = new Set([manifest.entry.module, ...manifest.entry.imports]);
for (const route of Object.values(manifest.routes)) {
  firstLoad.add(route.module);
  for (const file of route.imports ?? []) firstLoad.add(file);
}
const withZod = [...firstLoad].filter((url) =>
  fs.readFileSync(path.join(dir, url.replace(/^\/build\//, "")), "utf8").includes('"invalid_type"'),
);
if (withZod.length) {
  console.log(
    `OVER zod is in a page's first load (${withZod.join(", ")}): a static import of a *.schema.ts value or of ` +
      "components/form-schemas.ts (docs/decisions/017-form-schemas-load-late.md)",
  );
} else console.log("ok   no page loads zod before a form needs it");
process.exit(over || withZod.length ? 1 : 0);
