import type postgres from "postgres";
import { db, heavyWhen, type Sql } from "~/db/db.server";
import { keyset, type SortKey } from "~/db/keyset.server";
import type { Division } from "~/utils/divisions";
import { encodeCursor, type PageCursor } from "~/utils/page-cursor";
import { inActorDivisions, requireAdmin, requireDivisionAccess, type Actor } from "./actor.server";
import { LEAD_STATUSES, type LeadFilters, type LeadStatus } from "./lead";
import { countedByStats, listFilter, type LeadListQuery } from "./lead-list.server";
import { BOARD_COUNT_LIMIT, type BoardCard, type BoardColumn, type StageWeights } from "./pipeline";
import { personRef } from "./user.server";

/**
 * The pipeline board (docs/decisions/027-pipeline-board.md): a division's active leads by status under the
 * lead list's filters (the list's own SQL filter, lead-list.server.ts), each column counted, summed and
 * weighted, and paged by keyset; moving a card; the stage weights.
 */

/** The board's filters: the list's, without its tab, order or page. */
export type BoardFilters = LeadFilters & Pick<LeadListQuery, "statuses">;

/** Every status's weight in per cent (admins only: everyone else reads them on the board's columns). */
export async function getStageWeights(actor: Actor): Promise<StageWeights> {
  requireAdmin(actor);
  const sql = await db(actor);
  const rows = await sql<{ status: LeadStatus; weightPercent: number }[]>`
    select status, weight_percent from pipeline_stage_weights`;
  return Object.fromEntries(rows.map((row) => [row.status, row.weightPercent])) as StageWeights;
}

/** Sets every status's weight (admins only). */
export async function setStageWeights(actor: Actor, weights: StageWeights): Promise<StageWeights> {
  requireAdmin(actor);
  const sql = await db(actor);
  const statuses = [...LEAD_STATUSES];
  // A transaction, so that a write sent with an idempotency key is kept (db/db-scope.server.ts).
  await sql.begin(
    (tx) => tx`
      update pipeline_stage_weights w
         set weight_percent = given.weight, updated_by = ${actor.user.id}, updated_at = now()
        from unnest(${tx.array(statuses)}::text[], ${tx.array(statuses.map((s) => weights[s]))}::int[])
             as given (status, weight)
       where w.status = given.status`,
  );
  return getStageWeights(actor);
}

/** A column's cards in order: last updated first, ties by id. The order's name holds the status. */
function columnKeys(sql: Sql, status: LeadStatus): { name: string; keys: SortKey[] } {
  return {
    name: `board:${status}`,
    keys: [
      { expr: sql`l.updated_at`, type: "timestamptz", dir: "desc" },
      { expr: sql`l.id`, type: "uuid", dir: "desc" },
    ],
  };
}

/** The statuses a column can hold leads of under the filters' own status filters. */
function shownStatuses(filters: BoardFilters): LeadStatus[] {
  const chosen = typeof filters.status === "string" ? [filters.status] : filters.status;
  return LEAD_STATUSES.filter(
    (status) =>
      (!chosen?.length || chosen.includes(status)) &&
      (!filters.statuses || filters.statuses.includes(status)),
  );
}

const listQuery = (filters: BoardFilters): LeadListQuery => ({ ...filters, archived: false });

/**
 * Each column's count, total value and weight. Unfiltered (or filtered only as the kept counts are kept), from
 * the kept counts (sql/00002, 00014): no lead is read. Filtered otherwise, one scan of the matching leads stops
 * after BOARD_COUNT_LIMIT of them (in all columns together), so no request reads a whole division; when it
 * stops, every column's figures are lower bounds (`capped`).
 */
async function columnTotals(sql: Sql, actor: Actor, division: Division, filters: BoardFilters) {
  const statuses = shownStatuses(filters);
  type Totals = {
    status: LeadStatus;
    count: number;
    totalValue: string;
    weightPercent: number;
    capped: boolean;
  };
  if (countedByStats(filters)) {
    return sql<Totals[]>`
      select w.status, coalesce(k.leads, 0)::int as count, coalesce(k.value_sum, 0)::numeric(16, 2)::text as total_value,
             w.weight_percent, false as capped
        from pipeline_stage_weights w
        left join (select status, sum(leads) as leads, sum(value_sum) as value_sum from lead_stats_now
                    where company_division = ${division} and not is_archived group by status) k
          on k.status = w.status
       where w.status = any(${sql.array(statuses)}::text[])`;
  }
  const filter = listFilter(sql, actor, division, listQuery(filters));
  return heavyWhen(
    sql,
    Boolean(filters.search?.trim()),
    () => sql<Totals[]>`
      with matches as (select l.status, l.estimated_value from leads l ${filter} limit ${BOARD_COUNT_LIMIT + 1}),
           counted as (select status, count(*) as count, sum(estimated_value) as total from matches group by status)
      select w.status, least(coalesce(c.count, 0), ${BOARD_COUNT_LIMIT})::int as count,
             coalesce(c.total, 0)::numeric(16, 2)::text as total_value, w.weight_percent,
             (select count(*) from matches) > ${BOARD_COUNT_LIMIT} as capped
        from pipeline_stage_weights w left join counted c on c.status = w.status
       where w.status = any(${sql.array(statuses)}::text[])`,
  );
}

/** The cards of ids `page` (with `sort_key` and `status`), each with its next open follow-up, in one query. */
function cardsOf(sql: Sql, page: postgres.Fragment) {
  return sql<(BoardCard & { sortKey: (string | null)[] })[]>`
    with page as (${page})
    select l.id, l.first_name, l.last_name, l.company, l.status, l.estimated_value, l.version,
           ${personRef(sql, "cb")} as owner, f.next_follow_up, page.sort_key
      from page join leads l on l.id = page.id
      left join users cb on cb.id = l.created_by
      left join lateral (
        select min(n.follow_up_date) as next_follow_up from notes n
         where n.lead_id = l.id and n.follow_up_date is not null and not n.is_follow_up_complete) f on true
     order by page.column_index, l.updated_at desc, l.id desc`;
}

/**
 * The board: every column of the division's active leads under the filters, its totals and its first page
 * of `limit` cards; with `continued`, that column's page after its cursor instead.
 */
export async function readBoard(
  actor: Actor,
  division: Division,
  filters: BoardFilters,
  { limit, continued }: { limit: number; continued?: { status: LeadStatus; cursor: PageCursor } },
): Promise<BoardColumn[]> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const filter = listFilter(sql, actor, division, listQuery(filters));
  const statuses = shownStatuses(filters);
  const orders = Object.fromEntries(
    LEAD_STATUSES.map((status) => {
      const { name, keys } = columnKeys(sql, status);
      return [status, keyset(sql, name, keys, continued?.status === status ? continued : {})];
    }),
  ) as Record<LeadStatus, ReturnType<typeof keyset>>;
  // One lateral walk per column, each from the division's status index in update order.
  const columnPages = statuses.map(
    (status, index) => sql`
      (select l.id, ${index} as column_index, ${orders[status].key} as sort_key
         from leads l ${filter} and l.status = ${status} ${orders[status].after}
        ${orders[status].order} limit ${limit + 1})`,
  );
  const page = columnPages.length
    ? columnPages.reduce((all, one) => sql`${all} union all ${one}`)
    : sql`select null::uuid as id, 0 as column_index, null::json as sort_key where false`;
  const searched = Boolean(filters.search?.trim());
  const [totals, cards] = await Promise.all([
    columnTotals(sql, actor, division, filters),
    heavyWhen(sql, searched, () => cardsOf(sql, page)),
  ]);
  return LEAD_STATUSES.map((status) => {
    const total = totals.find((row) => row.status === status);
    const columnCards = cards.filter((card) => card.status === status);
    const { rows, next } = orders[status].page(columnCards, limit);
    const totalValue = total?.totalValue ?? "0.00";
    const weightPercent = total?.weightPercent ?? 0;
    return {
      status,
      count: total?.count ?? 0,
      countIsLowerBound: total?.capped ?? false,
      totalValue,
      weightPercent,
      weightedValue: weighted(totalValue, weightPercent),
      cards: rows,
      nextCursor: next ? encodeCursor(next) : null,
    };
  });
}

/** `value` (a decimal string) times `percent` / 100, rounded to pence, exactly (in integer pence). */
function weighted(value: string, percent: number): string {
  const pence = BigInt(value.replace(".", ""));
  const result = (pence * BigInt(percent) + 50n) / 100n;
  const text = result.toString().padStart(3, "0");
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** Who last changed a lead the actor may see (a stale move names them), or null if unknown. */
export async function lastChangedBy(actor: Actor, id: string): Promise<string | null> {
  const sql = await db(actor);
  const [row] = await sql<{ name: string }[]>`
    select u.first_name || ' ' || u.last_name as name
      from leads l join users u on u.id = l.updated_by
     where l.id = ${id} and ${inActorDivisions(sql, actor, "l.company_division")}`;
  return row?.name ?? null;
}
