// The kept counts behind list totals, the dashboard, the contacts grid and the audit log's counts
// (docs/decisions/003-kept-counts.md, 021-kept-count-deltas.md): writers append deltas that a fold moves in
// later, so a write left open holds up no other writer, and every figure still equals a count of the rows.
import { setTimeout as sleep } from "node:timers/promises";
import type postgres from "postgres";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../app/models/actor.server";
import { ACTIVE_STATUSES } from "../../app/models/lead";
import type { ApiClient } from "../support/api-client";
import { contactInput, createContact } from "../support/contacts";
import { connectAppDatabase, databaseUrl, testSql } from "../support/database";
import { adminClient, createLead, leadInput, listLeads, uniqueToken, userWith } from "../support/leads";

type Connection = postgres.ReservedSql;

/** `work`'s result, or "still waiting" when it takes longer than `ms` (it goes on; await it later). */
function within<T>(ms: number, work: Promise<T>): Promise<T | "still waiting"> {
  return Promise.race([work, sleep(ms).then(() => "still waiting" as const)]);
}

/** A connection of its own in an open transaction, as a backend paused inside its work. */
async function openTransaction(): Promise<Connection> {
  const connection = await testSql().reserve();
  await connection`begin`;
  return connection;
}

async function rollBack(connection: Connection) {
  await connection`rollback`;
  connection.release();
}

/** A fold on `connection` (fold_kept_counts, sql/00014): whether it took the folder's lock. */
async function fold(connection: Connection | postgres.Sql) {
  const [{ folded }] = await connection<{ folded: boolean }[]>`select fold_kept_counts() as folded`;
  return folded;
}

/**
 * A fold left open, holding the folder's lock, as a backend paused inside one: the app's own folds skip
 * while it is held, so the deltas written meanwhile stay unfolded. Tried again while an app fold holds it.
 */
async function pausedFold(): Promise<Connection> {
  for (;;) {
    const connection = await openTransaction();
    if (await fold(connection)) return connection;
    await rollBack(connection);
    await sleep(50);
  }
}

async function pendingDeltas() {
  const [row] = await testSql()<{ leads: number; contacts: number; audit: number }[]>`
    select (select count(*) from lead_stats_delta)::int as leads,
           (select count(*) from contact_stats_delta)::int as contacts,
           (select count(*) from audit_counts_delta)::int as audit`;
  return row;
}

/** The first admin as an Actor, for the model function behind the Audit Log dialog's counts. */
async function adminActor(): Promise<Actor> {
  const [admin] = await testSql()<
    { id: string }[]
  >`select id from users where role = 'ADMIN' order by created_at limit 1`;
  return {
    user: { id: admin.id, role: "ADMIN", companyAccess: [{ company: "TSS" }, { company: "NLH" }] },
    info: { ipAddress: "127.0.0.1", userAgent: "test" },
  } as unknown as Actor;
}

/**
 * Every kept figure the app shows, each against a count of the rows themselves: the lead lists' totals
 * (X-Total-Count, both tabs, a status filter), the dashboard, the whole of lead_stats_now, the contacts
 * grid's total, and the audit log's totals and its dialog's counts.
 */
async function expectKeptCountsExact(client: ApiClient) {
  const sql = testSql();
  const admin = await adminClient();
  for (const division of ["TSS", "NLH"]) {
    const [counted] = await sql<Record<string, number>[]>`
      select count(*) filter (where not is_archived)::int as active,
             count(*) filter (where is_archived)::int as archived,
             count(*) filter (where not is_archived and status = 'QUALIFIED')::int as qualified,
             count(*) filter (where not is_archived and status = any(${sql.array([...ACTIVE_STATUSES])}::text[]))::int as prospects,
             count(*) filter (where not is_archived and status = 'CLOSED_WON')::int as won,
             coalesce(sum(estimated_value) filter (where not is_archived and status = 'CLOSED_WON'), 0)::float8
               as revenue,
             (select count(*) from contacts where company_division = ${division})::int as contacts
        from leads where company_division = ${division}`;
    expect((await listLeads(client, division, { limit: "1" })).total, `${division} active`).toBe(
      counted.active,
    );
    expect(
      (await listLeads(client, division, { limit: "1" }, { archived: true })).total,
      `${division} archived`,
    ).toBe(counted.archived);
    expect((await listLeads(client, division, { limit: "1", status: "QUALIFIED" })).total).toBe(
      counted.qualified,
    );
    const stats = await client.get(`/api/dashboard/stats/${division}`);
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      totalLeads: counted.active,
      activeProspects: counted.prospects,
      closedDeals: counted.won,
    });
    expect(stats.body.revenue).toBeCloseTo(counted.revenue, 2);
    const contacts = await client.get(`/api/contacts/${division}?limit=1`);
    expect(Number(contacts.headers.get("x-total-count")), `${division} contacts`).toBe(counted.contacts);
  }

  const kept = await sql`
    select company_division, is_archived, status, created_month, leads::int, valued::int, value_sum::text
      from lead_stats_now where leads <> 0 or valued <> 0 or value_sum <> 0
     order by 1, 2, 3, 4`;
  const counted = await sql`
    select company_division, is_archived, status,
           date_trunc('month', created_at at time zone 'UTC')::date as created_month,
           count(*)::int as leads, count(estimated_value)::int as valued,
           coalesce(sum(estimated_value), 0)::text as value_sum
      from leads group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
  const byValue = (rows: typeof kept) => rows.map((row) => ({ ...row, valueSum: Number(row.valueSum) }));
  expect(byValue(kept)).toEqual(byValue(counted));

  const [audit] = await sql<{ all: number; created: number; logins: number; exports: number }[]>`
    select count(*)::int as all,
           count(*) filter (where action in ('LEAD_CREATED', 'CONTACT_CREATED', 'USER_CREATED'))::int as created,
           count(*) filter (where action = 'USER_LOGIN')::int as logins,
           count(*) filter (where action = 'DATA_EXPORT')::int as exports
      from audit_log`;
  const [leadsCreated] = await sql<{ n: number }[]>`
    select count(*)::int as n from audit_log where action = 'LEAD_CREATED'`;
  const auditTotal = async (query: string) =>
    Number((await admin.get(`/api/admin/audit-log?limit=1${query}`)).headers.get("x-total-count"));
  expect(await auditTotal("")).toBe(audit.all);
  expect(await auditTotal("&action=LEAD_CREATED")).toBe(leadsCreated.n);
  const { auditCounts } = await import("../../app/models/audit.server");
  expect(await auditCounts(await adminActor())).toEqual({
    total: audit.all,
    created: audit.created,
    logins: audit.logins,
    exports: audit.exports,
  });
}

describe.runIf(databaseUrl())("kept counts", () => {
  connectAppDatabase();

  it("a write left open holds up no other writer of the same division, status and audit action", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("stalled");
    // What creating a lead and a contact in TSS writes, left uncommitted: before sql/00014 it held the kept
    // rows of TSS's new leads this month, TSS's contacts, LEAD_CREATED and CONTACT_CREATED until it ended.
    const stalled = await openTransaction();
    const waiting: Promise<unknown>[] = [];
    try {
      await stalled`
        insert into contacts (first_name, last_name, company, company_division)
        values ('Stella', 'Stalled', ${token}, 'TSS')`;
      await stalled`
        insert into leads (first_name, last_name, email, company, status, company_division)
        values ('Stella', 'Stalled', ${`${token}@lead.example`}, ${token}, 'NEW', 'TSS')`;
      await stalled`
        insert into audit_log (user_name, action, resource, details)
        values ('Stella Stalled', 'CONTACT_CREATED', 'contact:stalled', ${token}),
               ('Stella Stalled', 'LEAD_CREATED', 'lead:stalled', ${token})`;

      // A new lead (with its new main contact), and a contact on its own.
      const writes = [
        () => client.post("/api/leads", leadInput({ status: "NEW", companyDivision: "TSS" })),
        () => client.post("/api/contacts", contactInput({ companyDivision: "TSS" })),
      ];
      for (const write of writes) {
        const started = Date.now();
        const answer = write();
        waiting.push(answer);
        const result = await within(5000, answer);
        const ms = Date.now() - started;
        expect(result === "still waiting" ? "still waiting after 5 s" : result.status).toBe(201);
        expect(ms).toBeLessThan(1000);
      }
    } finally {
      await rollBack(stalled);
      await Promise.all(waiting);
    }
  });

  it("equal a count of the rows after every kind of write, with deltas unfolded and after folds", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const sql = testSql();
    const token = uniqueToken("exact");
    await expectKeptCountsExact(client);

    // Folds held off: everything below is read from the kept tables plus their deltas.
    const paused = await pausedFold();
    try {
      const won = await createLead(client, {
        company: `${token} won`,
        status: "CLOSED_WON",
        estimatedValue: 900,
      });
      const lead = await createLead(client, { company: `${token} a`, status: "NEW", estimatedValue: 120.5 });
      const nlh = await createLead(client, {
        company: `${token} b`,
        companyDivision: "NLH",
        status: "PROPOSAL",
      });
      await createContact(client, { company: `${token} c` });
      expect(
        (await client.patch(`/api/leads/${lead.id}`, { status: "QUALIFIED", estimatedValue: 80 })).status,
      ).toBe(200);
      expect((await client.delete(`/api/leads/${won.id}`)).status).toBe(200);
      expect((await client.delete(`/api/leads/${nlh.id}`)).status).toBe(200);
      expect((await client.patch(`/api/leads/${nlh.id}/unarchive`)).status).toBe(200);
      // Direct SQL: many rows of several keys in one statement, moved between keys, and deleted.
      await sql`
        insert into leads (first_name, last_name, email, company, status, estimated_value, company_division, created_at)
        select 'Bulk', 'Lead', ${token} || n || '@lead.example', ${token} || ' bulk', 
               (array['NEW', 'QUALIFIED', 'CLOSED_WON'])[1 + n % 3], case when n % 2 = 0 then n * 10 end,
               (array['TSS', 'NLH'])[1 + n % 2], now() - n * interval '20 days'
          from generate_series(1, 12) as n`;
      await sql`
        update leads set status = 'CLOSED_WON', estimated_value = coalesce(estimated_value, 5)
         where company = ${`${token} bulk`} and status = 'NEW'`;
      await sql`
        update leads set is_archived = true, archived_at = now()
         where company = ${`${token} bulk`} and status = 'QUALIFIED'`;
      await sql`delete from leads where company = ${`${token} bulk`} and created_at < now() - interval '150 days'`;
      await sql`
        insert into contacts (first_name, last_name, company, company_division)
        select 'Bulk', 'Contact', ${token} || ' bulk', (array['TSS', 'NLH'])[1 + n % 2]
          from generate_series(1, 5) as n`;
      await sql`update contacts set company_division = 'NLH' where company = ${`${token} bulk`} and company_division = 'TSS'`;
      await sql`delete from contacts where company = ${`${token} c`}`;
      await sql`
        insert into audit_log (user_name, action, resource, details)
        select 'Bulk', (array['LEAD_CREATED', 'DATA_EXPORT'])[1 + n % 2], 'bulk', ${token}
          from generate_series(1, 4) as n`;
      await sql`delete from audit_log where details = ${token} and action = 'DATA_EXPORT'`;

      const pending = await pendingDeltas();
      expect(pending.leads).toBeGreaterThan(0);
      expect(pending.contacts).toBeGreaterThan(0);
      expect(pending.audit).toBeGreaterThan(0);
      await expectKeptCountsExact(client);
    } finally {
      await rollBack(paused);
    }

    // Folded (by the app's own function), then written again and read half folded.
    const { foldKeptCounts } = await import("../../app/models/kept-counts.server");
    await expect.poll(() => foldKeptCounts()).toBe(true);
    await expectKeptCountsExact(client);
    const again = await createLead(client, {
      company: `${token} again`,
      status: "CONTACTED",
      estimatedValue: 10,
    });
    await sql`update leads set status = 'CLOSED_LOST' where company = ${`${token} bulk`} and status = 'CLOSED_WON'`;
    expect((await client.delete(`/api/leads/${again.id}`)).status).toBe(200);
    await expectKeptCountsExact(client);
    await expect.poll(() => foldKeptCounts()).toBe(true);
    await expectKeptCountsExact(client);
  });

  it("two connections folding at once: one folds, the other skips at once, nothing is counted twice", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("folds");
    const first = await pausedFold();
    const second = await openTransaction();
    try {
      await createLead(client, { company: `${token} won`, status: "CLOSED_WON", estimatedValue: 50 });
      await createLead(client, { company: `${token} new`, companyDivision: "NLH" });
      // The first connection, still holding the folder's lock, moves these (a fold of its own is no wait).
      expect(await fold(first)).toBe(true);
      expect(await within(1000, fold(second))).toBe(false);
      await first`commit`;
      await expectKeptCountsExact(client);
      await createLead(client, { company: `${token} after`, status: "QUALIFIED" });
      expect(await within(1000, fold(second))).toBe(true);
      await second`commit`;
    } finally {
      await rollBack(first);
      await rollBack(second);
    }
    await expectKeptCountsExact(client);

    // Many at once from both connections (and the app's) while leads are written.
    const connections = await Promise.all([testSql().reserve(), testSql().reserve()]);
    try {
      const writes = Array.from({ length: 6 }, (_, i) =>
        createLead(client, {
          company: `${token} burst ${i}`,
          status: i % 2 ? "NEW" : "CLOSED_WON",
          estimatedValue: i,
        }),
      );
      const folds = connections.flatMap((connection) => Array.from({ length: 10 }, () => fold(connection)));
      await Promise.all([...writes, ...folds]);
    } finally {
      for (const connection of connections) connection.release();
    }
    await expectKeptCountsExact(client);
  });

  it("a TRUNCATE empties the kept counts, also while a fold is under way", async () => {
    const sql = testSql();
    const token = uniqueToken("truncate");
    const folding = await pausedFold();
    const truncating = await openTransaction();
    try {
      // A key no other row has (a month in 2041): the fold inserts its kept row rather than adding to one,
      // a row a TRUNCATE that did not wait for the fold would not see.
      await sql`
        insert into leads (first_name, last_name, email, company, company_division, created_at)
        values ('Tess', 'Truncate', ${`${token}@lead.example`}, ${token}, 'NLH', '2041-05-05T00:00:00Z')`;
      expect(await fold(folding)).toBe(true);
      const truncated = truncating`truncate leads, contacts, audit_log cascade`.then(() => true);
      expect(await within(500, truncated)).toBe("still waiting");
      await folding`commit`;
      await truncated;
      const [left] = await truncating<{ leads: number; contacts: number; audit: number }[]>`
        select (select count(*) from lead_stats_now where leads <> 0 or valued <> 0 or value_sum <> 0)::int as leads,
               (select count(*) from contact_stats_now where contacts <> 0)::int as contacts,
               (select count(*) from audit_counts_now where entries <> 0)::int as audit`;
      expect(left).toEqual({ leads: 0, contacts: 0, audit: 0 });
      await truncating`
        insert into leads (first_name, last_name, email, company, company_division)
        values ('Tess', 'After', ${`${token}.after@lead.example`}, ${token}, 'TSS')`;
      const [after] = await truncating<
        { leads: number }[]
      >`select sum(leads)::int as leads from lead_stats_now`;
      expect(after.leads).toBe(1);
    } finally {
      await rollBack(folding);
      await rollBack(truncating);
    }
    await sql`delete from leads where company = ${token}`;
  });
});
