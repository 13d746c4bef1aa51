// `npm run bench`: the lead list at scale. Fills a fresh database with BENCH_LEADS leads in one division
// (default 100,000), then times the queries behind the Lead Management page and GET /api/leads/{division}
// and checks them against targets. Uses BENCH_DATABASE_URL (a server where it may create a database), else
// the local PostgreSQL, else the embedded one.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { countLeadTabs, findDuplicateLeads, listLeads, type LeadListQuery } from "../app/models/lead.server";
import type { Actor, SessionUser } from "../app/models/user.server";
import { closeDatabase, connectDatabase, db } from "../app/utils/db.server";

const LEADS = Number(process.env.BENCH_LEADS || 100_000);
const RUNS = 20;
const TARGET_P95_MS = 150;
const TARGET_HEAP_GROWTH_MB = 64;

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

console.log(
  `Database: ${serverUrl ? "PostgreSQL" : "embedded PGlite"}; seeding ${LEADS.toLocaleString("en-GB")} leads...`,
);
await connectDatabase();
const sql = await db();
const [user] = await sql<{ id: string }[]>`
  insert into users (email, first_name, last_name, role) values ('bench@example.com', 'Bench', 'User', 'ADMIN')
  returning id`;
await sql`insert into company_access (user_id, company) values (${user.id}, 'TSS')`;
const seedStart = performance.now();
// Varied names and companies, so that searches are as selective as on real data.
await sql`
  insert into leads (first_name, last_name, email, company, status, estimated_value, company_division,
                     created_by, assigned_to, created_at, updated_at)
  select f.name, l.name, lower(f.name || '.' || l.name || i) || '@' || lower(c.name) || '.example',
         c.name || ' ' || (array['Ltd','Homes','Builders','Group','Estates','Roofing'])[1 + i % 6],
         (array['NEW','CONTACTED','QUALIFIED','PROPOSAL','CLOSED_WON','CLOSED_LOST'])[1 + i % 6],
         case when i % 7 = 0 then null else (i % 100000) * 1.25 end,
         'TSS', case when i % 10 = 0 then ${user.id}::uuid end, null,
         now() - (i % 400) * interval '1 day', now() - (i % 1000) * interval '1 hour'
    from generate_series(1, ${LEADS}) as i
    cross join lateral (select substr(md5('f' || i), 1, 3 + i % 5) as name) f
    cross join lateral (select substr(md5('l' || i), 4, 4 + i % 6) as name) l
    cross join lateral (select initcap(substr(md5('c' || (i % 20000)), 7, 6 + i % 4)) as name) c`;
await sql`update leads set is_archived = true, archived_at = now() where id in (
  select id from leads order by id limit ${Math.floor(LEADS / 20)})`;
await sql`analyze leads`;
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
  hasPassword: false,
  selectedDivision: "TSS",
  sessionId: crypto.randomUUID(),
} satisfies SessionUser;
const actor: Actor = { user: sessionUser, info: { ipAddress: "127.0.0.1", userAgent: "bench" } };

const page = (query: Partial<LeadListQuery>): LeadListQuery => ({
  archived: false,
  limit: 50,
  offset: 0,
  ...query,
});
const cases: [string, () => Promise<unknown>][] = [
  ["first page, newest update first", () => listLeads(actor, "TSS", page({}))],
  ["page 1,000 (offset 49,950)", () => listLeads(actor, "TSS", page({ offset: 49_950 }))],
  ["search a name fragment", () => listLeads(actor, "TSS", page({ search: "a1b2" }))],
  ["search a company", () => listLeads(actor, "TSS", page({ search: "Builders" }))],
  [
    "status filter, sorted by value",
    () => listLeads(actor, "TSS", page({ status: "QUALIFIED", sort: "value" })),
  ],
  ["sorted by company", () => listLeads(actor, "TSS", page({ sort: "company", direction: "asc" }))],
  ["sorted by owner", () => listLeads(actor, "TSS", page({ sort: "owner" }))],
  ["my leads only", () => listLeads(actor, "TSS", page({ myLeadsOnly: true }))],
  ["archive tab", () => listLeads(actor, "TSS", page({ archived: true }))],
  ["tab counts", () => countLeadTabs(actor, "TSS", {})],
  [
    "duplicate check",
    () =>
      findDuplicateLeads(actor, "TSS", { email: "someone@example.com", firstName: "Ann", lastName: "Lee" }),
  ],
];

let failed = 0;
const heapBefore = process.memoryUsage().heapUsed;
for (const [name, run] of cases) {
  await run(); // warm the cache
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(RUNS * 0.5)];
  const p95 = times[Math.ceil(RUNS * 0.95) - 1];
  const ok = p95 <= TARGET_P95_MS;
  if (!ok) failed++;
  console.log(
    `${ok ? "ok  " : "SLOW"} ${name.padEnd(36)} p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms`,
  );
}
const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
const heapOk = heapGrowthMb <= TARGET_HEAP_GROWTH_MB;
if (!heapOk) failed++;
console.log(
  `\n${heapOk ? "ok  " : "HIGH"} heap growth over all runs: ${heapGrowthMb.toFixed(1)} MB (target <= ${TARGET_HEAP_GROWTH_MB} MB)`,
);
console.log(
  `Targets: p95 <= ${TARGET_P95_MS} ms per query with ${LEADS.toLocaleString("en-GB")} leads in the division.`,
);

await closeDatabase();
if (process.env.BENCH_KEEP === "1")
  console.log(`Kept the database: ${process.env.DATABASE_URL ?? process.env.DATA_DIR}`);
else await dropDatabase();
if (process.env.DATA_DIR && !serverUrl) fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
console.log(failed ? `\n${failed} target(s) missed` : "\nAll targets met");
process.exit(failed ? 1 : 0);

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
