import { db, type Sql, type Tx } from "~/utils/db.server";
import { containsPattern } from "~/utils/like-pattern";
import type { Paging } from "~/utils/paging";
import type { RequestInfo } from "~/utils/request-info.server";
import { requireAdmin, type Actor } from "./actor.server";
import {
  CREATING_ACTIONS,
  type AuditAction,
  type AuditCounts,
  type AuditLogEntry,
  type AuditQuery,
} from "./audit.schema";

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
    const [{ total }] = await sql<{ total: number }[]>`
      select count(*)::int as total from audit_log a ${auditFilter(sql, query)}`;
    return total;
  }
  const [{ total }] = await sql<{ total: number }[]>`
    select coalesce(sum(entries), 0)::int as total from audit_counts
     ${query.action ? sql`where action = ${query.action}` : sql``}`;
  return total;
}

/**
 * A page of the audit log, newest first, filtered in SQL (CONTRACT.md "Audit log"); admins only. The total
 * is counted in the same scan when searched, else read from the kept counts (sql/00004).
 */
export async function listAuditEntries(
  actor: Actor,
  query: Pick<AuditQuery, "search" | "action">,
  paging: Required<Pick<Paging, "limit">> & Paging,
): Promise<{ entries: AuditLogEntry[]; total: number }> {
  requireAdmin(actor);
  const sql = await db();
  const searched = Boolean(query.search?.trim());
  const rows = await sql<(AuditLogEntry & { total?: number })[]>`
    select ${entryColumns(sql)} ${searched ? sql`, count(*) over ()::int as total` : sql``}
      from audit_log a ${auditFilter(sql, query)}
     order by a.created_at desc, a.id desc
     limit ${paging.limit} ${paging.offset ? sql`offset ${paging.offset}` : sql``}`;
  const entries = rows.map(({ total: _, ...entry }) => entry as AuditLogEntry);
  if (searched && rows.length) return { entries, total: rows[0].total! };
  if (searched && !paging.offset) return { entries, total: 0 };
  return { entries, total: await countEntries(sql, query) };
}

/** The whole (filtered) log, for a request without a limit: the total, then batches from a cursor. */
export async function streamAuditEntries(
  actor: Actor,
  query: Pick<AuditQuery, "search" | "action">,
  offset = 0,
): Promise<{ total: number; batches: AsyncIterable<AuditLogEntry[]> }> {
  requireAdmin(actor);
  const sql = await db();
  const total = await countEntries(sql, query);
  const batches = sql<AuditLogEntry[]>`
    select ${entryColumns(sql)} from audit_log a ${auditFilter(sql, query)}
     order by a.created_at desc, a.id desc ${offset ? sql`offset ${offset}` : sql``}`.cursor(500);
  return { total, batches };
}

/** The Audit Log dialog's counts, from the kept counts (sql/00004). */
export async function auditCounts(actor: Actor): Promise<AuditCounts> {
  requireAdmin(actor);
  const sql = await db();
  const rows = await sql<
    { action: AuditAction; entries: number }[]
  >`select action, entries::int from audit_counts`;
  const of = (actions: readonly AuditAction[]) =>
    rows.filter((row) => actions.includes(row.action)).reduce((sum, row) => sum + row.entries, 0);
  return {
    total: rows.reduce((sum, row) => sum + row.entries, 0),
    logins: of(["USER_LOGIN"]),
    created: of(CREATING_ACTIONS),
    exports: of(["DATA_EXPORT"]),
  };
}
