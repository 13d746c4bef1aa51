// Direct access to the test app's database, for what the API cannot show or set (a lead's creation date,
// the audit rows, the kept counts, whether a refused request wrote anything). Only on a real PostgreSQL: the
// embedded one belongs to the app process.
import postgres from "postgres";
import { afterAll, expect, inject } from "vitest";
import type { ApiClient } from "./api-client";

export const databaseUrl = () => inject("databaseUrl");

let client: postgres.Sql | undefined;

/** A postgres.js client on the test database (camelCase columns), closed after the file's tests. */
export function testSql() {
  const url = databaseUrl();
  if (!url) throw new Error("No real PostgreSQL for this run (TEST_EMBEDDED)");
  if (!client) {
    // Four: a test may hold two transactions open (reserve()) and still run statements beside them.
    client = postgres(url, {
      max: 4,
      transform: postgres.camel,
      onnotice: () => {},
      // Tells the tests' own connections apart from the app's in pg_stat_activity.
      connection: { application_name: "crm-test" },
    });
    const opened = client;
    afterAll(() => opened.end());
  }
  return client;
}

/**
 * The app's own modules (models) against the test database, in this process: for model functions that take
 * what the API does not (a date to count the month from). Call it at the top of a describe block.
 */
export function connectAppDatabase() {
  const url = databaseUrl();
  if (!url) return;
  process.env.DATABASE_URL = url;
  afterAll(async () => {
    const { closeDatabase } = await import("../../app/db/db.server");
    await closeDatabase();
  });
}

/** Every table of the app, for the counts that show whether a request wrote anything. */
const TABLES = [
  "users",
  "company_access",
  "sessions",
  "contacts",
  "leads",
  "lead_progress",
  "lead_activities",
  "notes",
  "bell_seen",
  "audit_log",
  "api_tokens",
  "login_attempts",
] as const;
type Table = (typeof TABLES)[number];

/** The number of rows in every table (on a real PostgreSQL only; null otherwise). */
export async function tableCounts(except: Table[] = []) {
  if (!databaseUrl()) return null;
  const tables = TABLES.filter((table) => !except.includes(table));
  const [row] = await testSql().unsafe(
    `select ${tables.map((table) => `(select count(*) from ${table})::int as ${table}`).join(", ")}`,
  );
  return { ...row };
}

/**
 * A fingerprint of each stored row about the given ids: users, leads, contacts and notes with those ids, a
 * lead's progress and notes, a user's company access and sessions (null without a real PostgreSQL).
 */
export async function rowPrints(ids: string[]) {
  if (!databaseUrl()) return null;
  const rows = await testSql()`
    select 'user' as kind, t.id::text as key, md5(t::text) as print from users t where t.id::text = any(${ids})
    union all
    select 'lead', t.id::text, md5(t::text) from leads t where t.id::text = any(${ids})
    union all
    select 'contact', t.id::text, md5(t::text) from contacts t where t.id::text = any(${ids})
    union all
    select 'note', t.id::text,
           md5(row(t.id, t.lead_id, t.content, t.note_type, t.voice_duration, t.follow_up_date,
                   t.is_follow_up_complete, t.created_by, t.updated_at, t.audio_content_type, md5(t.audio))::text)
      from notes t where t.id::text = any(${ids}) or t.lead_id::text = any(${ids})
    union all
    select 'progress', t.id::text, md5(t::text) from lead_progress t where t.lead_id::text = any(${ids})
    union all
    select 'access', t.user_id::text || ':' || t.company, md5(t::text) from company_access t
     where t.user_id::text = any(${ids})
    union all
    select 'session', t.user_id::text, md5(t::text) from sessions t where t.user_id::text = any(${ids})
    order by 1, 2, 3`;
  return rows.map((row) => `${row.kind} ${row.key} ${row.print}`);
}

/** X-Total-Count of a list, read by `client`. */
async function totalOf(client: ApiClient, path: string) {
  const result = await client.get(path);
  expect(result.status, path).toBe(200);
  return Number(result.headers.get("x-total-count"));
}

/**
 * Every table's row count on a real PostgreSQL; without one, how many leads, contacts and users there are as
 * `admin` (with both divisions) sees them through the API.
 */
export async function storedCounts(admin: ApiClient) {
  if (databaseUrl()) return tableCounts();
  return {
    leads: await Promise.all(
      ["/api/leads/TSS", "/api/leads/NLH", "/api/leads/TSS/archived", "/api/leads/NLH/archived"].map((path) =>
        totalOf(admin, `${path}?limit=1`),
      ),
    ),
    contacts: await Promise.all(
      ["/api/contacts/TSS", "/api/contacts/NLH"].map((path) => totalOf(admin, `${path}?limit=1`)),
    ),
    users: await totalOf(admin, "/api/admin/users?limit=1"),
  };
}
