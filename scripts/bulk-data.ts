// Bulk data for `npm run seed:bulk` and `npm run bench`: a deterministic, realistic mix generated inside
// PostgreSQL (generate_series), so a million leads take minutes, not hours. The same count gives the same
// rows (dates move with today): 50 users, both divisions 60/40, every status, three years of creation dates,
// a contact for every other lead, three notes per lead on average with follow-ups around today, and an audit
// log. The kept counts (lead_stats, contact_stats, audit_counts) get their deltas from their statement triggers,
// one per key for each INSERT ... SELECT; the app folds them in when it starts (docs/decisions/021).
import type { Sql, Tx } from "../app/db/db.server";
import { hashPassword } from "../app/utils/password.server";

export const BULK_PASSWORD = "bulk-password-1";
export const BULK_USERS = 50;
/** bulk-user-01 and -02 are admins with both divisions; the others are sales users (see seedUsers). */
export const bulkUserEmail = (n: number) => `bulk-user-${String(n).padStart(2, "0")}@example.com`;

export type BulkSummary = {
  leads: number;
  contacts: number;
  notes: number;
  auditEntries: number;
  seconds: number;
};

/**
 * Fills an empty database (migrated, no leads). The rows go in one transaction (a failed load leaves nothing)
 * with the secondary indexes and foreign keys set aside; then the indexes are built two at a time (the
 * machine's two cores) and the keys checked. Should that last step fail, the database holds the rows without
 * some indexes: drop it and start again.
 */
export async function seedBulk(
  sql: Sql,
  leads: number,
  onStep: (step: string, seconds: number) => void = () => {},
): Promise<BulkSummary> {
  if (!Number.isInteger(leads) || leads < 1)
    throw new Error("The number of leads must be a positive integer");
  const start = performance.now();
  let stepStart = start;
  const stepDone = (step: string) => {
    const now = performance.now();
    onStep(step, (now - stepStart) / 1000);
    stepStart = now;
  };
  const [{ existing }] = await sql<{ existing: boolean }[]>`select exists (select 1 from leads) as existing`;
  if (existing) throw new Error("The database already holds leads: seed:bulk fills an empty one.");
  const passwordHash = await hashPassword(BULK_PASSWORD);
  const { restore, ...summary } = await sql.begin(async (tx) => {
    await tx`set local synchronous_commit = off`;
    // A million rows a statement: no request's time limits (db/wait-limits.ts) here.
    await tx`set local statement_timeout = 0`;
    await defineHelpers(tx);
    await seedUsers(tx, passwordHash);
    const restore = await dropIndexesAndForeignKeys(tx, [
      "leads",
      "contacts",
      "notes",
      "lead_progress",
      "audit_log",
    ]);
    const contacts = Math.floor(leads / 2);
    stepDone("users, indexes set aside");
    await seedContacts(tx, contacts);
    stepDone("contacts");
    await seedLeads(tx, leads);
    stepDone("leads");
    await seedProgress(tx);
    stepDone("lead progress");
    const notes = await seedNotes(tx, leads);
    stepDone("notes");
    const auditEntries = contacts;
    await seedAudit(tx, auditEntries);
    stepDone("audit log");
    return { leads, contacts, notes, auditEntries, restore };
  });
  stepDone("commit");
  await inParallel(sql, restore.indexes, 2);
  stepDone("indexes");
  await inParallel(sql, restore.foreignKeys, 1);
  stepDone("foreign keys");
  // Vacuumed as autovacuum would leave them after a while: counts and deep pages from an index alone (My
  // Leads Only, the calendar's days, a page at an offset) read the table's rows until its visibility map says
  // they are all visible. The statistics of every other table beside them, each table once: the search
  // indexes' finer statistics make an ANALYZE of leads alone slow at a million.
  const vacuumed = ["leads", "notes", "contacts", "audit_log"];
  const others = await sql<{ name: string }[]>`
    select format('%I', tablename) as name from pg_tables
     where schemaname = 'public' and tablename <> all(${vacuumed})`;
  await inParallel(
    sql,
    [...vacuumed.map((name) => `vacuum (analyze) ${name}`), ...others.map(({ name }) => `analyze ${name}`)],
    2,
  );
  stepDone("vacuum and analyze");
  return { ...summary, seconds: (performance.now() - start) / 1000 };
}

/**
 * Runs the statements on `connections` connections at once, each taking the next when it is done, with no
 * statement time limit (an index on a million rows takes longer than a request may).
 */
async function inParallel(sql: Sql, statements: string[], connections: number) {
  const queue = [...statements];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const connection = await sql.reserve();
      try {
        await connection`set maintenance_work_mem = '512MB'`;
        await connection`set statement_timeout = 0`;
        for (let next = queue.shift(); next; next = queue.shift()) await connection.unsafe(next);
        await connection`reset maintenance_work_mem`;
        await connection`reset statement_timeout`;
      } finally {
        connection.release();
      }
    }),
  );
}

/**
 * pick(key, n): a number in [0, n) that looks random but is the same on every run; bulk_id(kind, n): the UUID
 * of row n of a kind (1 users, 2 contacts, 3 leads), so rows can point at each other by number without a join.
 */
async function defineHelpers(tx: Tx) {
  await tx.unsafe(`
    create function pg_temp.pick(key text, n int) returns int language sql immutable
      as $$ select (abs(hashtext(key)::bigint) % n)::int $$;
    create function pg_temp.bulk_id(kind int, n bigint) returns uuid language sql immutable
      as $$ select (lpad(to_hex(kind), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid $$;
    create function pg_temp.division(n bigint) returns text language sql immutable
      as $$ select case when n % 5 < 3 then 'TSS' else 'NLH' end $$;
    create function pg_temp.first_name(n bigint) returns text language sql immutable as $$
      select (array['James','Emma','Oliver','Amelia','Harry','Isla','George','Ava','Noah','Mia','Leo','Grace',
                    'Arthur','Freya','Oscar','Lily','Jack','Sophie','Thomas','Chloe','William','Ella','Henry',
                    'Ruby','Alfie','Evie','Charlie','Poppy','Jacob','Daisy','Samuel','Rosie','Joshua','Erin',
                    'Daniel','Hannah','Ethan','Zara','Lucas','Megan'])[1 + pg_temp.pick('f' || n, 40)] $$;
    -- Made-up words from English-sounding syllables: names and companies whose letters (and so trigrams)
    -- are spread as real ones are.
    create function pg_temp.syllable(key text) returns text language sql immutable as $$
      select (array['ash','bur','ton','wick','ham','ley','mor','den','field','brook','stan','wood','ford','cal',
                    'ver','rid','gate','hol','lin','mar','pen','ros','shaw','thorn','wal','win','kel','dun',
                    'fair','gar','hart','bel'])[1 + pg_temp.pick(key, 32)] $$;
    -- Surnames: forty common ones, and a long tail, as a real customer base has.
    create function pg_temp.last_name(n bigint) returns text language sql immutable as $$
      select case when pg_temp.pick('t' || n, 2) = 0
        then (array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Wright',
                    'Robinson','Thompson','Evans','Walker','White','Roberts','Green','Hall','Thomas','Clarke',
                    'Jackson','Wood','Harris','Edwards','Turner','Martin','Cooper','Hill','Ward','Hughes',
                    'Moore','Clark','King','Harrison','Lewis','Baker','Lee','Allen','Morris','Khan'])[1 + pg_temp.pick('l' || n, 40)]
        else initcap(pg_temp.syllable('la' || n) || pg_temp.syllable('lb' || n)
                     || case when pg_temp.pick('lc' || n, 2) = 0 then pg_temp.syllable('ld' || n) else '' end) end $$;
    -- A company: one of many made-up names (about fifty leads each) with a trade suffix.
    create function pg_temp.company(n bigint, companies int) returns text language sql immutable as $$
      select initcap(pg_temp.syllable('ca' || (n % companies)) || pg_temp.syllable('cb' || (n % companies))
                     || pg_temp.syllable('cc' || (n % companies))) || ' ' ||
             (array['Ltd','Homes','Builders','Group','Estates','Roofing','Aviation','Air Services'])[1 + (n % companies) % 8] $$;
  `);
}

/** Fifty users: two admins with both divisions; of the sales users, six in ten TSS, three NLH, one both. */
const staffOf = (division: "TSS" | "NLH") =>
  Array.from({ length: BULK_USERS }, (_, i) => i + 1).filter((n) => {
    const both = n <= 2 || n % 10 === 9;
    return both || (division === "TSS" ? n % 10 < 6 : n % 10 >= 6);
  });

async function seedUsers(tx: Tx, passwordHash: string) {
  await tx`
    insert into users (id, email, first_name, last_name, role, password_hash, created_at)
    select pg_temp.bulk_id(1, n), 'bulk-user-' || lpad(n::text, 2, '0') || '@example.com',
           pg_temp.first_name(n + 1000), pg_temp.last_name(n + 1000),
           case when n <= 2 then 'ADMIN' else 'SALES_USER' end, ${passwordHash},
           now() - interval '3 years' - n * interval '1 day'
      from generate_series(1, ${BULK_USERS}) as n`;
  for (const division of ["TSS", "NLH"] as const) {
    await tx`
      insert into company_access (user_id, company)
      select pg_temp.bulk_id(1, n), ${division} from unnest(${staffOf(division)}::int[]) as n`;
  }
  // staff(division, key): one of the division's users, the same for the same key; a constant list in the
  // function, so a million rows pick without a join.
  const list = (division: "TSS" | "NLH") => `array[${staffOf(division).join(",")}]`;
  await tx.unsafe(`
    create function pg_temp.staff(division text, key text) returns uuid language sql immutable as $$
      select pg_temp.bulk_id(1, case when division = 'TSS'
        then (${list("TSS")})[1 + pg_temp.pick(key, ${staffOf("TSS").length})]
        else (${list("NLH")})[1 + pg_temp.pick(key, ${staffOf("NLH").length})] end) $$`);
}

/**
 * Drops the tables' secondary indexes and foreign keys, and answers the statements that put them back: one
 * index build and one join per key after the load are far faster than upkeep and a check row by row. The
 * trigram (GIN) indexes, the slowest, come first, so two builders finish together.
 */
async function dropIndexesAndForeignKeys(tx: Tx, tables: string[]) {
  const keys = await tx<{ name: string; table: string; definition: string }[]>`
    select conname as name, conrelid::regclass::text as table, pg_get_constraintdef(oid) as definition
      from pg_constraint
     where contype = 'f' and conrelid::regclass::text in ${tx(tables)}`;
  // With each index, its columns' statistics targets (sql/00008, sql/00010), which a new index would not have.
  const indexes = await tx<{ name: string; definition: string }[]>`
    select i.indexname as name,
           i.indexdef || coalesce((
             select string_agg(format('; alter index %I alter column %s set statistics %s',
                                      i.indexname, a.attnum, a.attstattarget), '' order by a.attnum)
               from pg_attribute a
              where a.attrelid = format('%I', i.indexname)::regclass and a.attstattarget > 0), '') as definition
      from pg_indexes i
     where i.schemaname = 'public' and i.tablename in ${tx(tables)}
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
     order by i.indexdef like '%USING gin%' desc, i.indexname`;
  for (const { name, table } of keys) await tx.unsafe(`alter table ${table} drop constraint "${name}"`);
  for (const { name } of indexes) await tx.unsafe(`drop index "${name}"`);
  return {
    indexes: indexes.map((index) => index.definition),
    foreignKeys: keys.map(
      ({ name, table, definition }) => `alter table ${table} add constraint "${name}" ${definition}`,
    ),
  };
}

/** Contact n belongs with lead 2n: its division and company, so it is that lead's main contact. */
async function seedContacts(tx: Tx, contacts: number) {
  const companies = companyCount(contacts * 2);
  await tx`
    insert into contacts (id, first_name, last_name, email, phone, company, position, company_division,
                          created_by, created_at, updated_at)
    select pg_temp.bulk_id(2, n), pg_temp.first_name(n + 500000000), pg_temp.last_name(n + 500000000),
           case when n % 9 <> 0 then lower(pg_temp.first_name(n + 500000000)) || '.' || n || '@contact.example' end,
           case when n % 3 <> 0 then '07' || lpad((n::bigint * 7919 % 1000000000)::text, 9, '0') end,
           pg_temp.company(2 * n, ${companies}),
           (array['Director','Site Manager','Buyer','Owner','Operations Lead', null])[1 + n % 6],
           pg_temp.division(2 * n), pg_temp.staff(pg_temp.division(2 * n), 'cu' || n), d.created_at, d.created_at
      from generate_series(1, ${contacts}) as n
     cross join lateral (select now() - pg_temp.pick('cd' || n, 1095 * 24) * interval '1 hour' as created_at) d`;
}

async function seedLeads(tx: Tx, leads: number) {
  await tx`
    insert into leads (id, first_name, last_name, email, phone, company, position, status, estimated_value,
                       notes, company_division, is_archived, archived_at, created_by, assigned_to,
                       main_contact_id, created_at, updated_at)
    select pg_temp.bulk_id(3, n), p.first_name, p.last_name,
           lower(p.first_name || '.' || p.last_name) || n || '@' || lower(replace(p.company, ' ', '-')) || '.example',
           case when n % 4 <> 0 then '01' || lpad((n::bigint * 104729 % 1000000000)::text, 9, '0') end,
           p.company,
           (array['Director','Project Manager','Buyer','Owner','Fleet Manager', null])[1 + n % 6],
           -- New 25%, Contacted 20%, Qualified 15%, Proposal 10%, Won 15%, Lost 15%.
           (array['NEW','NEW','NEW','NEW','NEW','CONTACTED','CONTACTED','CONTACTED','CONTACTED','QUALIFIED',
                  'QUALIFIED','QUALIFIED','PROPOSAL','PROPOSAL','CLOSED_WON','CLOSED_WON','CLOSED_WON',
                  'CLOSED_LOST','CLOSED_LOST','CLOSED_LOST'])[1 + pg_temp.pick('s' || n, 20)],
           case when n % 7 <> 0 then (1 + pg_temp.pick('v' || n, 2000)) * 250 end,
           case when n % 11 = 0 then 'Met at the trade show; wants a quote before spring.' end,
           p.division, n % 20 = 0, case when n % 20 = 0 then p.updated_at end,
           pg_temp.staff(p.division, 'cb' || n),
           case when n % 3 <> 0 then pg_temp.staff(p.division, 'as' || n) end,
           case when n % 2 = 0 then pg_temp.bulk_id(2, n / 2) end,
           p.created_at, p.updated_at
      from generate_series(1, ${leads}) as n
     cross join lateral (
       -- offset 0: computed once per row, not once per use.
       select pg_temp.first_name(n) as first_name, pg_temp.last_name(n) as last_name,
              pg_temp.company(n, ${companyCount(leads)}) as company, pg_temp.division(n) as division,
              c.created_at, c.created_at + (now() - c.created_at) * (pg_temp.pick('ud' || n, 1000) / 1000.0) as updated_at
         from (select now() - pg_temp.pick('cd' || n, 1095 * 24) * interval '1 hour' as created_at) c
       offset 0
     ) p`;
}

/** Every lead's history: created as New, and where it has moved on, the move to its status. */
async function seedProgress(tx: Tx) {
  await tx`
    insert into lead_progress (lead_id, status, notes, created_by, created_at)
    select id, 'NEW', 'Lead created', created_by, created_at from leads
    union all
    select id, status, 'Status changed to ' || status, coalesce(assigned_to, created_by), updated_at
      from leads where status <> 'NEW'`;
}

/** Three notes per lead on average, spread unevenly; one in eight has a follow-up within 90 days of today. */
async function seedNotes(tx: Tx, leads: number) {
  const notes = leads * 3;
  await tx`
    insert into notes (lead_id, content, follow_up_date, is_follow_up_complete, follow_up_completed_at, created_by,
                       created_at, updated_at, lead_division, lead_archived, lead_created_by, lead_assigned_to)
    select pg_temp.bulk_id(3, l.n),
           (array['Called, left a voicemail.','Sent the brochure and price list.',
                  'Site visit booked; bring samples.','Asked for a revised quote.',
                  'Decision maker is away until next month.','Happy with the proposal, checking budget.',
                  'Follow up about the delivery schedule.','Spoke to the office manager.'])[1 + pg_temp.pick('nc' || j, 8)],
           f.follow_up, coalesce(f.follow_up < now() and pg_temp.pick('nd' || j, 3) > 0, false),
           case when f.follow_up < now() and pg_temp.pick('nd' || j, 3) > 0 then f.follow_up end,
           pg_temp.staff(pg_temp.division(l.n), 'nb' || j),
           now() - pg_temp.pick('nt' || j, 1095 * 24) * interval '1 hour',
           now() - pg_temp.pick('nt' || j, 1095 * 24) * interval '1 hour',
           -- The lead's division and archive state, creator and assignee (as seedLeads sets them), which the
           -- calendar and My Day read from the note (sql/00009, sql/00021): given here, the insert trigger
           -- that would look them up is skipped.
           pg_temp.division(l.n), l.n % 20 = 0, pg_temp.staff(pg_temp.division(l.n), 'cb' || l.n),
           case when l.n % 3 <> 0 then pg_temp.staff(pg_temp.division(l.n), 'as' || l.n) end
      from generate_series(1, ${notes}) as j
     cross join lateral (select 1 + pg_temp.pick('nl' || j, ${leads}) as n) l
     cross join lateral (
       select case when j % 8 = 0
         then date_trunc('hour', now()) + (pg_temp.pick('nf' || j, 180 * 24) - 90 * 24) * interval '1 hour' end as follow_up
     ) f`;
  return notes;
}

async function seedAudit(tx: Tx, entries: number) {
  await tx`
    insert into audit_log (created_at, user_id, user_name, action, resource, details, ip_address, user_agent)
    select now() - pg_temp.pick('at' || n, 365 * 1440) * interval '1 minute', u.id,
           u.first_name || ' ' || u.last_name, a.action, 'lead:' || pg_temp.bulk_id(3, n),
           case a.action when 'USER_LOGIN' then 'Signed in' when 'DATA_EXPORT' then 'Exported the lead list'
                else 'Updated lead ' || substr(md5('d' || n), 1, 8) end,
           '10.0.' || (n % 250) || '.1', 'Mozilla/5.0 (bulk data)'
      from generate_series(1, ${entries}) as n
      join users u on u.id = pg_temp.bulk_id(1, (1 + n % ${BULK_USERS}))
     cross join lateral (
       select (array['USER_LOGIN','LEAD_CREATED','LEAD_UPDATED','CONTACT_CREATED','DATA_EXPORT'])[1 + n % 5] as action
     ) a`;
}

/** About fifty leads per company, and at least a hundred companies. */
function companyCount(leads: number) {
  return Math.max(100, Math.floor(leads / 50));
}
