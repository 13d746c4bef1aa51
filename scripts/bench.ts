// `npm run bench`: the lead lists at scale. Fills a fresh database with BENCH_LEADS leads in one division
// (default 100,000; the targets are stated for BENCH_LEADS=1000000), then times
//  - the queries behind the Lead Management page (its list, search, filters, sorts, tab counts),
//  - what they replaced: a plain count of the division per request (the "before"),
//  - the running app over HTTP: GET /api/leads/{division}?limit=50, the /leads, dashboard, contacts, calendar
//    and admin pages, follow-ups and the audit log (a follow-up on every tenth lead, an audit entry for every
//    other one), and a whole list and the export streamed without a limit (time to first byte, and the app's memory while it streams),
// and checks each against its target (p95 at most 50 ms; heap growth at most 64 MB). It exits non-zero when
// one is missed. Uses BENCH_DATABASE_URL (a server where it may create a database), else the local
// PostgreSQL, else the embedded one. Needs a build (`npm run build`) for the HTTP part.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { Actor, SessionUser } from "../app/models/actor.server";
import {
  countLeadTabs,
  findDuplicateLeads,
  listLeadPage,
  type LeadListQuery,
} from "../app/models/lead.server";
import { closeDatabase, connectDatabase, db } from "../app/utils/db.server";
import { hashPassword } from "../app/utils/password.server";

const LEADS = Number(process.env.BENCH_LEADS || 100_000);
const RUNS = 30;
const TARGET_P95_MS = 50;
const TARGET_HEAP_GROWTH_MB = 64;
const BENCH_PASSWORD = "bench-password-1";

const serverUrl = process.env.BENCH_DATABASE_URL || (await localServer());
let dropDatabase = async () => {};
if (serverUrl) {
  const name = `crm_bench_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.end();
  };
} else {
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "crm-bench-"));
}

const count = (n: number) => n.toLocaleString("en-GB");
console.log(
  `Database: ${serverUrl ? "PostgreSQL" : "embedded PGlite"}; seeding ${count(LEADS)} leads and ${count(Math.floor(LEADS / 2))} contacts...`,
);
await connectDatabase();
const sql = await db();
const [user] = await sql<{ id: string }[]>`
  insert into users (email, first_name, last_name, role, password_hash)
  values ('bench@example.com', 'Bench', 'User', 'ADMIN', ${await hashPassword(BENCH_PASSWORD)})
  returning id`;
await sql`insert into company_access (user_id, company) values (${user.id}, 'TSS')`;
const seedStart = performance.now();
// The trigram index is built once after the load: far faster than keeping it up row by row.
await sql`drop index leads_search_trgm_idx`;
// Varied names and companies, so that searches are as selective as on real data; 5% archived.
await sql`
  insert into leads (first_name, last_name, email, company, status, estimated_value, company_division,
                     is_archived, archived_at, created_by, assigned_to, created_at, updated_at)
  select f.name, l.name, lower(f.name || '.' || l.name || i) || '@' || lower(c.name) || '.example',
         c.name || ' ' || (array['Ltd','Homes','Builders','Group','Estates','Roofing'])[1 + i % 6],
         (array['NEW','CONTACTED','QUALIFIED','PROPOSAL','CLOSED_WON','CLOSED_LOST'])[1 + i % 6],
         case when i % 7 = 0 then null else (i % 100000) * 1.25 end,
         'TSS', i % 20 = 0, case when i % 20 = 0 then now() - (i % 300) * interval '1 hour' end,
         case when i % 10 = 0 then ${user.id}::uuid end, null,
         now() - (i % 1000) * interval '1 day', now() - (i % 5000) * interval '1 hour'
    from generate_series(1, ${LEADS}) as i
    cross join lateral (select substr(md5('f' || i), 1, 3 + i % 5) as name) f
    cross join lateral (select substr(md5('l' || i), 4, 4 + i % 6) as name) l
    cross join lateral (select initcap(substr(md5('c' || (i % 20000)), 7, 6 + i % 4)) as name) c`;
// A contact for every other lead, at the same companies, so the contact cards have related leads.
await sql`drop index contacts_search_trgm_idx`;
await sql`
  insert into contacts (first_name, last_name, email, company, company_division, created_by)
  select f.name, l.name, lower(f.name || '.' || l.name || i) || '@contact.example',
         c.name || ' ' || (array['Ltd','Homes','Builders','Group','Estates','Roofing'])[1 + i % 6],
         'TSS', ${user.id}::uuid
    from generate_series(1, ${Math.floor(LEADS / 2)}) as i
    cross join lateral (select substr(md5('cf' || i), 1, 3 + i % 5) as name) f
    cross join lateral (select substr(md5('cl' || i), 4, 4 + i % 6) as name) l
    cross join lateral (select initcap(substr(md5('c' || (i % 20000)), 7, 6 + i % 4)) as name) c`;
await sql`
  create index contacts_search_trgm_idx on contacts
    using gin ((first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || company) gin_trgm_ops)`;
await sql`analyze contacts`;
await sql`
  create index leads_search_trgm_idx
    on leads using gin ((first_name || ' ' || last_name || ' ' || email || ' ' || company) gin_trgm_ops)`;
await sql`analyze leads`;
// A follow-up on every tenth lead, spread over two years around today, a third of them done.
await sql`
  insert into notes (lead_id, content, follow_up_date, is_follow_up_complete, created_by)
  select id, 'Call back about the quote', now() + ((n % 730) - 365) * interval '1 day' + (n % 9) * interval '1 hour',
         n % 3 = 0, ${user.id}::uuid
    from (select id, row_number() over (order by id) as n from leads where company_division = 'TSS') l
   where n % 10 = 0`;
await sql`analyze notes`;
// An audit entry for every other lead, a year of them.
await sql`drop index audit_log_search_trgm_idx`;
await sql`
  insert into audit_log (created_at, user_id, user_name, action, resource, details, ip_address, user_agent)
  select now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', ${user.id}::uuid, 'Bench User',
         (array['USER_LOGIN','LEAD_CREATED','LEAD_UPDATED','CONTACT_CREATED','DATA_EXPORT'])[1 + i % 5],
         'lead/' || md5('a' || i), 'Updated lead ' || substr(md5('d' || i), 1, 8), '10.0.' || (i % 250) || '.1',
         'bench'
    from generate_series(1, ${Math.floor(LEADS / 2)}) as i`;
await sql`
  create index audit_log_search_trgm_idx on audit_log
    using gin ((user_name || ' ' || action || ' ' || resource || ' ' || details || ' ' || coalesce(ip_address, '')) gin_trgm_ops)`;
await sql`analyze audit_log`;
const [sample] = await sql<{ company: string; email: string; lastName: string }[]>`
  select company, email, last_name from leads where company_division = 'TSS' order by id limit 1 offset 777`;
// A word of one entry's details, as an admin looking for what happened to a lead would search.
const [{ auditDetail }] = await sql<{ auditDetail: string }[]>`
  select split_part(details, ' ', 3) as audit_detail from audit_log order by id limit 1 offset 777`;
console.log(`Seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);

const sessionUser = {
  id: user.id,
  email: "bench@example.com",
  firstName: "Bench",
  lastName: "User",
  role: "ADMIN",
  companyAccess: [{ company: "TSS" }],
  isActive: true,
  createdAt: new Date(),
  profileImageUrl: null,
  hasPassword: true,
  selectedDivision: "TSS",
  sessionId: crypto.randomUUID(),
} satisfies SessionUser;
const actor: Actor = { user: sessionUser, info: { ipAddress: "127.0.0.1", userAgent: "bench" } };

const page = (query: Partial<LeadListQuery>, offset = 0) =>
  listLeadPage(actor, "TSS", { archived: false, ...query }, { limit: 50, offset });
const emailFragment = sample.email.split("@")[0].slice(0, 8);

type Case = [name: string, run: () => Promise<unknown>, target: number | null];
const modelCases: Case[] = [
  ["first page, newest update first", () => page({}), TARGET_P95_MS],
  ["page 1,000 (offset 49,950)", () => page({}, 49_950), null],
  ["search a company", () => page({ search: sample.company }), TARGET_P95_MS],
  ["search a surname fragment", () => page({ search: sample.lastName.slice(0, 5) }), TARGET_P95_MS],
  ["search an e-mail", () => page({ search: emailFragment }), TARGET_P95_MS],
  ["search a common word (1 lead in 6)", () => page({ search: "Builders" }), null],
  ["status filter", () => page({ status: "QUALIFIED" }), TARGET_P95_MS],
  ["status filter, sorted by value", () => page({ status: "QUALIFIED", sort: "value" }), null],
  ["sorted by company", () => page({ sort: "company", direction: "asc" }), TARGET_P95_MS],
  ["sorted by owner", () => page({ sort: "owner" }), null],
  ["my leads only", () => page({ myLeadsOnly: true }), null],
  ["archive tab", () => page({ archived: true }), TARGET_P95_MS],
  [
    "tab counts (other tab)",
    () => countLeadTabs(actor, "TSS", {}, { archived: false, total: 0 }),
    TARGET_P95_MS,
  ],
  ["tab counts, searched", () => countLeadTabs(actor, "TSS", { search: sample.company }), TARGET_P95_MS],
  [
    "duplicate check",
    () => findDuplicateLeads(actor, "TSS", { email: sample.email, firstName: "", lastName: "" }),
    TARGET_P95_MS,
  ],
  // The "before": what every list request and the page (three times) did to count before the kept counts.
  [
    "before: count(*) of the division",
    () => sql`select count(*) from leads where company_division = 'TSS' and not is_archived`,
    null,
  ],
];

let failed = 0;
const heapBefore = process.memoryUsage().heapUsed;
console.log(`Queries (${RUNS} runs each, after a warm-up)`);
for (const testCase of modelCases) failed += await measure(...testCase);
const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
const heapOk = heapGrowthMb <= TARGET_HEAP_GROWTH_MB;
if (!heapOk) failed++;
console.log(
  `${heapOk ? "ok  " : "HIGH"} heap growth over all runs: ${heapGrowthMb.toFixed(1)} MB (target <= ${TARGET_HEAP_GROWTH_MB} MB)`,
);

console.log("\nThe running app, over HTTP (one client at a time)");
// The embedded database serves one process: hand it over to the app.
if (!serverUrl) await closeDatabase();
const app = await startApp();
try {
  const cookie = await app.signIn("bench@example.com", BENCH_PASSWORD);
  const get = (pathname: string) => async () => {
    const response = await fetch(`${app.url}${pathname}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
    await response.arrayBuffer();
  };
  failed += await measure("GET /api/leads/TSS?limit=50", get("/api/leads/TSS?limit=50"), TARGET_P95_MS);
  failed += await measure(
    `GET /api/leads/TSS?limit=50&search=…`,
    get(`/api/leads/TSS?limit=50&search=${encodeURIComponent(sample.company)}`),
    TARGET_P95_MS,
  );
  failed += await measure("GET /leads (HTML, first page)", get("/leads"), TARGET_P95_MS);
  failed += await measure("GET /leads?page=1000 (HTML)", get("/leads?page=1000"), null);
  failed += await measure("GET / (dashboard, HTML)", get("/"), TARGET_P95_MS);
  failed += await measure("GET /contacts (HTML, first page)", get("/contacts"), TARGET_P95_MS);
  failed += await measure(
    "GET /contacts?q=… (HTML, a company)",
    get(`/contacts?q=${encodeURIComponent(sample.company)}`),
    TARGET_P95_MS,
  );
  failed += await measure("GET /api/contacts/TSS?limit=50", get("/api/contacts/TSS?limit=50"), TARGET_P95_MS);
  failed += await measure("GET /api/dashboard/stats/TSS", get("/api/dashboard/stats/TSS"), TARGET_P95_MS);
  failed += await measure("GET /dashboard/revenue (HTML)", get("/dashboard/revenue"), TARGET_P95_MS);
  const month = new Date().toISOString().slice(0, 7);
  failed += await measure("GET /calendar (HTML, this month)", get("/calendar"), TARGET_P95_MS);
  failed += await measure(
    "GET /api/follow-ups/TSS (this month)",
    get(`/api/follow-ups/TSS?from=${month}-01&to=${month}-28`),
    TARGET_P95_MS,
  );
  failed += await measure("GET /admin (HTML)", get("/admin"), TARGET_P95_MS);
  failed += await measure("GET /admin?audit=1 (HTML, Audit Log)", get("/admin?audit=1"), TARGET_P95_MS);
  failed += await measure(
    "GET /api/admin/audit-log?limit=25",
    get("/api/admin/audit-log?limit=25"),
    TARGET_P95_MS,
  );
  failed += await measure(
    "GET /api/admin/audit-log, searched (details)",
    get(`/api/admin/audit-log?limit=25&search=${auditDetail}`),
    TARGET_P95_MS,
  );
  failed += await measure(
    "GET /api/admin/audit-log, searched (an address)",
    get("/api/admin/audit-log?limit=25&search=10.0.77.1"),
    null,
  );
  failed += await measure(
    "GET /api/admin/audit-log, one action",
    get("/api/admin/audit-log?limit=25&action=DATA_EXPORT"),
    TARGET_P95_MS,
  );
  await streamedWhole(app.url, cookie, app.pid, "/api/leads/TSS");
  await streamedWhole(app.url, cookie, app.pid, "/api/leads/TSS/export.csv");
} finally {
  await app.stop();
}

console.log(
  `\nTargets: p95 <= ${TARGET_P95_MS} ms where a target is shown, with ${count(LEADS)} leads in the division.`,
);
await closeDatabase();
if (process.env.BENCH_KEEP === "1")
  console.log(`Kept the database: ${process.env.DATABASE_URL ?? process.env.DATA_DIR}`);
else await dropDatabase();
if (process.env.DATA_DIR && !serverUrl && process.env.BENCH_KEEP !== "1")
  fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
console.log(failed ? `\n${failed} target(s) missed` : "\nAll targets met");
process.exit(failed ? 1 : 0);

/** Times `run` RUNS times after a warm-up; prints p50 / p95; answers 1 when a target is missed. */
async function measure(name: string, run: () => Promise<unknown>, target: number | null) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(RUNS * 0.5)];
  const p95 = times[Math.ceil(RUNS * 0.95) - 1];
  const ok = target === null || p95 <= target;
  const mark = target === null ? "    " : ok ? "ok  " : "SLOW";
  console.log(
    `${mark} ${name.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms`,
  );
  return ok ? 0 : 1;
}

/** A whole list or export, streamed: first byte, total time, and the app's resident memory meanwhile. */
async function streamedWhole(url: string, cookie: string, pid: number, pathname: string) {
  const rss = () => Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;
  const before = rss();
  let peak = before;
  const start = performance.now();
  const response = await fetch(`${url}${pathname}`, { headers: { cookie } });
  const firstByte = performance.now() - start;
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    peak = Math.max(peak, rss());
  }
  const seconds = (performance.now() - start) / 1000;
  const ok = peak - before <= TARGET_HEAP_GROWTH_MB * 2;
  if (!ok) failed++;
  console.log(
    `${ok ? "ok  " : "HIGH"} GET ${pathname} (streamed)  first byte ${firstByte.toFixed(0)} ms, ` +
      `${(bytes / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s, app memory +${(peak - before).toFixed(0)} MB`,
  );
}

/** The built app (server.ts) on the bench database, as `npm start` runs it. */
async function startApp() {
  const port = 4300 + Math.floor(Math.random() * 500);
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DEMO_DATA: "0",
      NODE_ENV: "production",
      SESSION_SECRET: crypto.randomBytes(16).toString("hex"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    async signIn(username: string, password: string) {
      const response = await fetch(`${url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
      if (!response.ok) throw new Error(`Sign-in failed: ${response.status}`);
      return response.headers.getSetCookie()[0].split(";")[0];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function localServer(): Promise<string | null> {
  const url = "postgres://postgres@127.0.0.1:5432/postgres";
  const probe = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await probe`select 1`;
    return url;
  } catch {
    return null;
  } finally {
    await probe.end({ timeout: 1 });
  }
}
