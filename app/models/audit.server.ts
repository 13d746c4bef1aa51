import { db, heavyWhen, type Sql, type Tx } from "~/db/db.server";
import { containsPattern } from "~/db/like-pattern";
import { keyset, keysetBatches } from "~/db/keyset.server";
import type { PageCursor } from "~/utils/page-cursor";
import type { PageSize, Paging } from "~/utils/paging";
import type { RequestInfo } from "~/http/request-info.server";
import { requireAdmin, requireStillActing, type Actor } from "./actor.server";
import { type AuditCounts, type AuditLogEntry, type AuditQuery } from "./audit.schema";
import { CREATING_ACTIONS, type AuditAction } from "./audit";

export type AuditEntry = {
  action: AuditAction;
  user: { id: string; firstName: string; lastName: string; email: string } | null;
  resource: string;
  details: string;
  info: RequestInfo;
};

export function displayName(user: { firstName: string; lastName: string; email: string }) {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Writes one audit row; pass the transaction so the entry lands with the change it describes. */
export async function recordAudit(sql: Sql | Tx, entry: AuditEntry) {
  await sql`
    insert into audit_log (user_id, user_name, action, resource, details, ip_address, user_agent)
    values (${entry.user?.id ?? null}, ${entry.user ? displayName(entry.user) : ""}, ${entry.action},
            ${entry.resource}, ${entry.details}, ${entry.info.ipAddress}, ${entry.info.userAgent})`;
}

function auditFilter(sql: Sql, query: Pick<AuditQuery, "search" | "action">) {
  const pattern = containsPattern(query.search);
  return sql`
    where true
      ${query.action ? sql`and a.action = ${query.action}` : sql``}
      ${
        pattern
          ? sql`and (a.user_name || ' ' || a.action || ' ' || a.resource || ' ' || a.details || ' ' || coalesce(a.ip_address, '')) ilike ${pattern}`
          : sql``
      }`;
}

function entryColumns(sql: Sql) {
  return sql`a.id, a.created_at as timestamp, a.user_id, a.user_name, a.action, a.resource, a.details,
             a.ip_address, a.user_agent`;
}

async function countEntries(sql: Sql, query: Pick<AuditQuery, "search" | "action">) {
  if (query.search?.trim()) {
    const [{ total }] = await heavyWhen(
      sql,
      true,
      () => sql<{ total: number }[]>`
      select count(*)::int as total from audit_log a ${auditFilter(sql, query)}`,
    );
    return total;
  }
  const [{ total }] = await sql<{ total: number }[]>`
    select coalesce(sum(entries), 0)::int as total from audit_counts_now
     ${query.action ? sql`where action = ${query.action}` : sql``}`;
  return total;
}

/** Newest first, ties by id, as keyset keys (db/keyset.server.ts), continued after `paging.cursor`. */
function auditOrder(sql: Sql, paging: Paging) {
  return keyset(
    sql,
    "audit",
    [
      { expr: sql`a.created_at`, type: "timestamptz", dir: "desc" },
      { expr: sql`a.id`, type: "uuid", dir: "desc" },
    ],
    paging,
  );
}

/** A search matching at least one entry in this many is read by walking the log newest first. */
const DENSE_MATCHES = 100;

/**
 * A page of the audit log, newest first, filtered in SQL (CONTRACT.md "Audit log"), with the next page's
 * cursor when there is one; admins only. The total comes from the kept counts (sql/00004), or for a search
 * from counting its matches first (later pages carry it in their cursor). The count says how to read the page:
 * sparse matches behind a fence, so that PostgreSQL scans the trigram index and sorts them rather than walking
 * the whole log in order (db/keyset.server.ts, withMatchCount); dense ones, such as a word in most entries,
 * by walking the log newest first, which stops at the page (for a word in every entry, counting alone, in
 * parallel, and walking is faster than counting and sorting behind the fence in one query).
 * The page's ids are found first, from the index alone, and only those entries are read whole: an offset
 * read every entry it skipped.
 */
export async function listAuditEntries(
  actor: Actor,
  query: Pick<AuditQuery, "search" | "action">,
  paging: PageSize,
): Promise<{ entries: AuditLogEntry[]; total: number; next: PageCursor | null }> {
  requireAdmin(actor);
  const sql = await db(actor);
  const searched = Boolean(query.search?.trim());
  const order = auditOrder(sql, paging);
  const total = order.knownTotal ?? (await countEntries(sql, query));
  const sparse = searched && total * DENSE_MATCHES < (await countEntries(sql, { action: query.action }));
  const filter = auditFilter(sql, query);
  const source = sparse
    ? sql`(select a.* from audit_log a ${filter} offset 0) a where true`
    : sql`audit_log a ${filter}`;
  const rows = await heavyWhen(
    sql,
    searched,
    () => sql<(AuditLogEntry & { sortKey: (string | null)[] })[]>`
    with page as (
      select a.id from ${source} ${order.after} ${order.order}
       limit ${paging.limit + 1} ${paging.offset ? sql`offset ${paging.offset}` : sql``}
    )
    select ${entryColumns(sql)}, ${order.key} as sort_key
      from page join audit_log a on a.id = page.id
     ${order.order}`,
  );
  const page = order.page(rows, paging.limit, searched ? total : undefined);
  return { entries: page.rows, total, next: page.next };
}

/**
 * The whole (filtered) log (after the cursor, if any), for a request without a limit: the total, then
 * batches by keyset (db/keyset.server.ts, keysetBatches), for as long as the actor is still an admin.
 */
export async function streamAuditEntries(
  actor: Actor,
  query: Pick<AuditQuery, "search" | "action">,
  paging: Paging = {},
): Promise<{ total: number; batches: AsyncIterable<AuditLogEntry[]> }> {
  requireAdmin(actor);
  const sql = await db(actor);
  const order = auditOrder(sql, paging);
  const total = order.knownTotal ?? (await countEntries(sql, query));
  const batches = keysetBatches(
    sql,
    paging,
    async (after) => {
      const batch = auditOrder(sql, after);
      const rows = await sql<(AuditLogEntry & { sortKey: (string | null)[] })[]>`
        select ${entryColumns(sql)}, ${batch.key} as sort_key from audit_log a ${auditFilter(sql, query)}
         ${batch.after} ${batch.order}
         limit ${after.limit + 1} ${after.offset ? sql`offset ${after.offset}` : sql``}`;
      return batch.page(rows, after.limit);
    },
    { userId: actor.user.id, stillAllowed: () => requireStillActing(actor, { admin: true }) },
  );
  return { total, batches };
}

/** The Audit Log dialog's counts, from the kept counts (sql/00004, with their deltas: sql/00014). */
export async function auditCounts(actor: Actor): Promise<AuditCounts> {
  requireAdmin(actor);
  const sql = await db(actor);
  const rows = await sql<
    { action: AuditAction; entries: number }[]
  >`select action, entries::int from audit_counts_now`;
  const of = (actions: readonly AuditAction[]) =>
    rows.filter((row) => actions.includes(row.action)).reduce((sum, row) => sum + row.entries, 0);
  return {
    total: rows.reduce((sum, row) => sum + row.entries, 0),
    logins: of(["USER_LOGIN"]),
    created: of(CREATING_ACTIONS),
    exports: of(["DATA_EXPORT"]),
  };
}
