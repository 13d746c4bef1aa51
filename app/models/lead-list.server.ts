import type postgres from "postgres";
import { db, heavyWhen, type Sql, type Tx } from "~/db/db.server";
import type { Division } from "~/utils/divisions";
import { fieldsContain, wordsMatch } from "~/db/field-search.server";
import { countsByWords, divisionLexeme, tabLexeme, wordQuery } from "~/db/search-words";
import { containsPattern } from "~/db/like-pattern";
import { keyset, keysetBatches, withMatchCount, type Keyset, type SortKey } from "~/db/keyset.server";
import { COUNT_CAP } from "~/utils/format";
import type { PageCursor } from "~/utils/page-cursor";
import type { PageSize, Paging } from "~/utils/paging";
import { requireDivisionAccess, requireStillActing, type Actor } from "./actor.server";
import { recordAudit } from "./audit.server";
import {
  type Lead,
  type LeadFilters,
  type LeadSort,
  type LeadStatus,
  type SortDirection,
  DEFAULT_SORT_DIRECTION,
  LEAD_STATUSES,
} from "./lead";
import { searchProbes } from "./search-statistics.server";
import { leadColumns, joinPeople, leadSelect } from "./lead.server";

/**
 * Lists of leads: a division's page by filters, search and order (keyset-paged and counted in the same work),
 * the streams of a whole list and of the export, and the counts by tab and by status. One lead's reads and
 * writes are in lead.server.ts.
 */
/**
 * A list's filters, tab and order. `statuses` and `withValue` are the dashboard details' filters (CONTRACT.md
 * "Dashboard details"), not the page's or the API's (theirs is `status`, one or several).
 */
export type LeadListQuery = LeadFilters & {
  archived: boolean;
  sort?: LeadSort;
  direction?: SortDirection;
  statuses?: readonly LeadStatus[];
  withValue?: boolean;
};

/**
 * The leads a list query takes; with `bothTabs`, its active and archived ones alike (see pageIds).
 *
 * `everyMatch` says a search is read whole, to be counted. It then reads every row the trigram index suggests,
 * and the division is compared in a form no index serves (`is true`, which PostgreSQL still estimates as the
 * comparison): offered the division's own index as well, the planner ANDed its 600,000 entries with the
 * suggestions, which cost more than the rows it saved. A page taken in order keeps the division's index,
 * which it walks.
 */
export function listFilter(
  sql: Sql,
  actor: Actor,
  division: Division,
  query: LeadListQuery,
  { bothTabs = false, everyMatch = false } = {},
) {
  const pattern = containsPattern(query.search);
  const inDivision =
    pattern && everyMatch
      ? sql`(l.company_division = ${division}) is true`
      : sql`l.company_division = ${division}`;
  return sql`
    where ${inDivision} ${bothTabs ? sql`` : sql`and l.is_archived = ${query.archived}`}
      ${query.myLeadsOnly ? sql`and (l.created_by = ${actor.user.id} or l.assigned_to = ${actor.user.id})` : sql``}
      ${statusCondition(sql, sql`l.status`, query)}
      ${query.withValue ? sql`and l.estimated_value is not null` : sql``}
      ${fieldFilters(sql, actor, division, query, bothTabs)}
      ${pattern ? searchFilter(sql, query.search!, pattern) : sql``}`;
}

/** `and <column> is one of the statuses` for `status` (one or several) and `statuses`, or nothing. */
function statusCondition(sql: Sql, column: postgres.Fragment, query: LeadListQuery) {
  const one = (statuses: readonly LeadStatus[]) =>
    statuses.length === 1
      ? sql`and ${column} = ${statuses[0]}`
      : sql`and ${column} = any(${sql.array([...statuses])}::text[])`;
  const status = typeof query.status === "string" ? [query.status] : query.status;
  return sql`${status?.length ? one(status) : sql``} ${query.statuses ? one(query.statuses) : sql``}`;
}

/** The user `owner` names ("me" is the caller), or none. */
function ownerId(actor: Actor, filters: LeadFilters) {
  return filters.owner === "me" ? actor.user.id : filters.owner;
}

/** The start of a UTC day (YYYY-MM-DD), and of the day after it: a range of days is [from, to + 1 day). */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/**
 * The filters that narrow a list by a field: owner (created by or assigned to, as "mine"), value, creation
 * and update dates, an overdue follow-up. Each is a range an index serves (sql/00024_saved_views.sql) or a
 * cheap check on a row an indexed scan reads. Values go as numeric text, so that the comparison is
 * numeric's and the value index fits. "Overdue" names the division's (and tab's) overdue follow-ups, which
 * one index holds in a range: a page probes it per lead by id, a count hashes the range (at a million leads
 * about 35,000 ids) instead of probing every lead it reads.
 */
function fieldFilters(sql: Sql, actor: Actor, division: Division, query: LeadListQuery, bothTabs: boolean) {
  const owner = ownerId(actor, query);
  const value = (bound?: number) => `${bound}`;
  return sql`
    ${owner ? sql`and (l.created_by = ${owner} or l.assigned_to = ${owner})` : sql``}
    ${query.minValue !== undefined ? sql`and l.estimated_value >= ${value(query.minValue)}::numeric` : sql``}
    ${query.maxValue !== undefined ? sql`and l.estimated_value <= ${value(query.maxValue)}::numeric` : sql``}
    ${query.createdFrom ? sql`and l.created_at >= ${dayStart(query.createdFrom)}` : sql``}
    ${query.createdTo ? sql`and l.created_at < ${dayAfter(query.createdTo)}` : sql``}
    ${query.updatedFrom ? sql`and l.updated_at >= ${dayStart(query.updatedFrom)}` : sql``}
    ${query.updatedTo ? sql`and l.updated_at < ${dayAfter(query.updatedTo)}` : sql``}
    ${
      query.overdue
        ? sql`and l.id in (select n.lead_id from notes n
                            where n.lead_division = ${division}
                              ${bothTabs ? sql`` : sql`and n.lead_archived = ${query.archived}`}
                              and n.follow_up_date < now() and not n.is_follow_up_complete)`
        : sql``
    }`;
}

/** Filters that neither the kept counts nor the creator and assignee indexes can count: their count stops early. */
function hasFieldRanges(filters: LeadFilters) {
  return (
    filters.minValue !== undefined ||
    filters.maxValue !== undefined ||
    Boolean(
      filters.createdFrom || filters.createdTo || filters.updatedFrom || filters.updatedTo || filters.overdue,
    )
  );
}

/**
 * A lead's first name, last name, e-mail and company, lower-cased and apart by line breaks: the expression of
 * the search's trigram index (sql/00010_lead_search_text.sql).
 */
export function leadSearchText(sql: Sql | Tx) {
  return sql`lower(l.first_name || E'\\n' || l.last_name || E'\\n' || l.email || E'\\n' || l.company)`;
}

/** The expression of the leads' whole-word index (sql/00023_search_words.sql). */
export function leadSearchWords(sql: Sql | Tx) {
  return sql`search_words(l.company_division, l.is_archived,
    l.first_name || E'\\n' || l.last_name || E'\\n' || l.email || E'\\n' || l.company, l.company)`;
}

/** A lead whose first name, last name, e-mail or company contains the search, any case. */
export function searchFilter(sql: Sql | Tx, search: string, pattern: string) {
  const fields = [sql`l.first_name`, sql`l.last_name`, sql`l.email`, sql`l.company`];
  const probes = searchProbes("leads", search);
  return sql`and ${fieldsContain(sql, leadSearchText(sql), fields, pattern, probes)}`;
}

/**
 * What a searched list's count reads when the whole-word index counts the search alone (countsByWords) and
 * nothing but the division and tab filters it (sql/00023). Null otherwise.
 */
function countedByWords(sql: Sql, division: Division, query: LeadListQuery) {
  const words = wordQuery(query.search);
  const { search: _, archived, sort: __, direction: ___, ...others } = query;
  const filtered = Object.values(others).some(
    (value) => value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0),
  );
  if (!countsByWords(words) || filtered) return null;
  return sql`where ${wordsMatch(sql, leadSearchWords(sql), words, [divisionLexeme(division), tabLexeme(archived)])}`;
}

/**
 * The list's order as keyset keys (db/keyset.server.ts), ties broken by id. Newest update first unless
 * asked (CONTRACT.md, for /archived too); the page asks for its own defaults.
 */
function listKeys(sql: Sql, query: LeadListQuery): { name: string; keys: SortKey[] } {
  const sort = query.sort ?? "updated";
  const dir = query.direction ?? DEFAULT_SORT_DIRECTION[sort];
  const text = (expr: postgres.Fragment, nullable = false): SortKey => ({
    expr,
    type: "text",
    dir,
    nullable,
  });
  const keys: Record<LeadSort, SortKey[]> = {
    company: [text(sql`lower(l.company)`), text(sql`lower(l.last_name)`)],
    contact: [text(sql`lower(l.first_name)`), text(sql`lower(l.last_name)`)],
    status: [
      { expr: sql`array_position(${sql.array([...LEAD_STATUSES])}::text[], l.status)`, type: "int", dir },
    ],
    value: [{ expr: sql`l.estimated_value`, type: "numeric", dir, nullable: true }],
    // A lead whose creator is gone has no owner and sorts last.
    owner: [text(sql`lower(cb.first_name)`, true), text(sql`lower(cb.last_name)`, true)],
    updated: [{ expr: sql`l.updated_at`, type: "timestamptz", dir }],
    // Archived rows always have the date, in plain order so the index fits; active ones have none, so on
    // the active tab this order is the ids'.
    archived: query.archived ? [{ expr: sql`l.archived_at`, type: "timestamptz", dir }] : [],
  };
  return { name: `leads:${sort}:${dir}`, keys: [...keys[sort], { expr: sql`l.id`, type: "uuid", dir }] };
}

/**
 * The kept counts (sql/00002_lead_stats.sql, with their deltas: sql/00014) answer a list's total unless it is
 * searched, "mine", an owner's or narrowed by a field range.
 */
export function countedByStats(filters: LeadFilters) {
  return !filters.search?.trim() && !filters.myLeadsOnly && !filters.owner && !hasFieldRanges(filters);
}

/** The one person a list is narrowed to ("mine", an owner, or both the same), or null for none or two. */
function onePerson(actor: Actor, filters: LeadFilters) {
  const people = new Set([filters.myLeadsOnly ? actor.user.id : undefined, ownerId(actor, filters)]);
  people.delete(undefined);
  return people.size === 1 ? [...people][0]! : null;
}

/**
 * A list's total. With `otherTab`, one read of the kept counts also answers the other tab's total (the leads
 * page shows both); the other ways of counting ignore it. With `upTo`, a searched count stops past that many
 * (answering `upTo + 1`); a count narrowed by a field range stops past COUNT_CAP unless `exact` (a whole list's
 * stream, which reads every match anyway).
 */
async function countLeads(
  sql: Sql,
  actor: Actor,
  division: Division,
  query: LeadListQuery,
  { otherTab = false, upTo, exact = false }: { otherTab?: boolean; upTo?: number; exact?: boolean } = {},
): Promise<{ total: number; otherTabTotal?: number }> {
  const statusFilter = statusCondition(sql, sql`status`, query);
  if (countedByStats(query)) {
    const column = query.withValue ? sql`valued` : sql`leads`;
    const [counts] = await sql<{ total: number; otherTabTotal?: number }[]>`
      select coalesce(sum(${column}) filter (where is_archived = ${query.archived}), 0)::int as total
             ${otherTab ? sql`, coalesce(sum(${column}) filter (where is_archived <> ${query.archived}), 0)::int as other_tab_total` : sql``}
        from lead_stats_now
       where company_division = ${division} ${otherTab ? sql`` : sql`and is_archived = ${query.archived}`}
             ${statusFilter}`;
    return counts;
  }
  const person = onePerson(actor, query);
  if (!query.search?.trim() && !query.withValue && !hasFieldRanges(query) && person) {
    // "Mine" (or an owner's): the leads I created plus those assigned to me that someone else created, each
    // counted from its index alone (sql/00007_creator_assignee_indexes.sql).
    const me = person;
    const scope = sql`company_division = ${division} and is_archived = ${query.archived} ${statusFilter}`;
    const [counts] = await sql<{ total: number }[]>`
      select ((select count(*) from leads where created_by = ${me} and ${scope})
            + (select count(*) from leads where assigned_to = ${me} and created_by is distinct from ${me}
                  and ${scope}))::int as total`;
    return counts;
  }
  // Searched, or narrowed by a field range (beyond CONTRACT.md's filters, so even the API's page count stops):
  // counted in SQL, stopping past COUNT_CAP (utils/format.ts formatTotal shows it as "10,000+").
  const cap = exact ? undefined : (upTo ?? (hasFieldRanges(query) ? COUNT_CAP : undefined));
  const [counts] = await heavyWhen(sql, true, () => countSearched(sql, actor, division, query, cap));
  return counts;
}

/** A searched list's count; with `upTo`, it stops at the first match past that many (a page says "10,000+"). */
function countSearched(sql: Sql, actor: Actor, division: Division, query: LeadListQuery, upTo?: number) {
  const filter =
    countedByWords(sql, division, query) ?? listFilter(sql, actor, division, query, { everyMatch: true });
  return upTo === undefined
    ? sql<{ total: number }[]>`select count(*)::int as total from leads l ${filter}`
    : sql<{ total: number }[]>`
        select count(*)::int as total from (select from leads l ${filter} limit ${upTo + 1}) matches`;
}

/**
 * One page of a division's active or archived leads, filtered, sorted and counted in SQL, with the cursor
 * of the next page when there is one. The page's ids are found on the leads table alone and only those rows
 * are joined to their people, so deep pages and sorts stay cheap; a cursor starts the scan at the last row
 * seen instead of counting past the rows before it (docs/decisions/005-cursors.md).
 *
 * The total comes from the kept counts; or, searched, from a count beside the page when it may stop
 * (`countUpTo`, the pages) or the whole-word index answers it alone, else from the same scan as the first
 * page, and then from the cursor; or, "mine" or narrowed by a field range, from a count beside the page
 * (counting in the page's scan made the planner walk the whole division in update order). Only a page past
 * the last match needs a count of its own.
 *
 * With `countOtherTab` (the leads page, which shows both tabs' totals), the other tab's total comes as
 * `otherTabTotal` from the same work: a searched first page counts the other tab's matches in its scan (one
 * trigram scan instead of two), a list counted from the kept counts reads both tabs at once.
 */
export async function listLeadPage(
  actor: Actor,
  division: Division,
  query: LeadListQuery,
  paging: PageSize,
  { countOtherTab = false, countUpTo }: { countOtherTab?: boolean; countUpTo?: number } = {},
): Promise<{ leads: Lead[]; total: number; next: PageCursor | null; otherTabTotal?: number }> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const { name, keys } = listKeys(sql, query);
  const order = keyset(sql, name, keys, paging);
  const searched = Boolean(query.search?.trim());
  // A capped count, or one the whole-word index answers alone, is its own statement beside the page.
  const countBeside =
    searched &&
    order.knownTotal === undefined &&
    (countUpTo !== undefined || countedByWords(sql, division, query) !== null);
  const inScan = searched && order.knownTotal === undefined && !countBeside;
  const bothTabs = inScan && countOtherTab;
  const [rows, separate] = await heavyWhen(sql, searched, () =>
    Promise.all([
      pageRows(sql, actor, division, query, order, paging, { inScan, bothTabs }),
      searched
        ? countBeside
          ? countSearched(sql, actor, division, query, countUpTo).then(
              ([counts]): { total: number; otherTabTotal?: number } => counts,
            )
          : null
        : countLeads(sql, actor, division, query, { otherTab: countOtherTab }),
    ]),
  );
  const total =
    separate?.total ??
    order.knownTotal ??
    rows[0]?.total ??
    (paging.offset ? (await countLeads(sql, actor, division, query, { upTo: countUpTo })).total : 0);
  const page = order.page(rows, paging.limit, searched ? total : undefined);
  return {
    leads: page.rows,
    total,
    next: page.next,
    otherTabTotal: separate?.otherTabTotal ?? rows[0]?.otherTotal,
  };
}

/**
 * The rows of one page (pageIds), joined to their people, with their sort keys and, `inScan`, the counts.
 */
function pageRows(
  sql: Sql,
  actor: Actor,
  division: Division,
  query: LeadListQuery,
  order: Keyset,
  paging: PageSize,
  { inScan = false, bothTabs = false } = {},
) {
  return sql<(Lead & { total?: number; otherTotal?: number; sortKey: (string | null)[] })[]>`
    with page as (${pageIds(sql, actor, division, query, order, paging, inScan, bothTabs)})
    select ${leadColumns(sql)}, ${order.key} as sort_key ${inScan ? sql`, page.total` : sql``}
           ${bothTabs ? sql`, page.other_total` : sql``}
      from page join leads l on l.id = page.id ${joinPeople(sql)}
     ${order.order}`;
}

/**
 * The ids of one page, one more than asked (to know whether another follows), and with `inScan` the number
 * of all matches (with `bothTabs` also the other tab's, which the scan reads and drops after counting). The
 * caller computes the sort keys on the page's rows alone: here every row an offset skips computed one too
 * (most of a deep page's query). Sorted by owner and not counted in the
 * scan, it walks the users in name order and takes each one's leads by id from the creator index
 * (sql/00007), rather than joining and sorting the whole division; leads whose creator is
 * gone come last.
 */
function pageIds(
  sql: Sql,
  actor: Actor,
  division: Division,
  query: LeadListQuery,
  order: Keyset,
  paging: PageSize,
  inScan: boolean,
  bothTabs: boolean,
) {
  const filter = listFilter(sql, actor, division, query, { bothTabs, everyMatch: inScan });
  const take = paging.limit + 1;
  const skip = paging.offset ? sql`offset ${paging.offset}` : sql``;
  if (query.sort === "owner" && !inScan) {
    const dir = (query.direction ?? DEFAULT_SORT_DIRECTION.owner) === "asc" ? sql`asc` : sql`desc`;
    const each = take + (paging.offset ?? 0);
    return sql`
      select l.id
        from (select id, first_name, last_name from users union all select null, null, null) cb
        cross join lateral (
          (select l.id from leads l ${filter} and l.created_by = cb.id ${order.after}
            order by l.id ${dir} limit ${each})
          union all
          (select l.id from leads l ${filter} and cb.id is null and l.created_by is null ${order.after}
            order by l.id ${dir} limit ${each})
        ) l
       ${order.order} limit ${take} ${skip}`;
  }
  const owners = query.sort === "owner" ? sql`left join users cb on cb.id = l.created_by` : sql``;
  const tab = sql`l.is_archived = ${query.archived}`;
  const source = inScan
    ? sql`${withMatchCount(sql, "l", sql`from leads l ${filter}`, bothTabs ? tab : undefined)} ${owners}
          where ${bothTabs ? tab : sql`true`}`
    : sql`leads l ${owners} ${filter}`;
  return sql`
    select l.id ${inScan ? sql`, l.total` : sql``} ${bothTabs ? sql`, l.other_total` : sql``}
      from ${source} ${order.after} ${order.order} limit ${take} ${skip}`;
}

/**
 * Every matching lead (after the cursor, if any), for a list asked for without a limit: the total first,
 * then the rows in batches, each a page of the list read by its own statement after the last row of the one
 * before, so memory stays flat however long the list is and no connection waits on the client
 * (docs/decisions/004-lists.md).
 */
export async function streamLeads(
  actor: Actor,
  division: Division,
  query: LeadListQuery,
  paging: Paging = {},
): Promise<{ total: number; batches: AsyncIterable<Lead[]> }> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const { name, keys } = listKeys(sql, query);
  // The client's cursor is checked before anything is counted or read.
  const order = keyset(sql, name, keys, paging);
  const total = order.knownTotal ?? (await countLeads(sql, actor, division, query, { exact: true })).total;
  const batches = keysetBatches(
    sql,
    paging,
    async (after) => {
      const batch = keyset(sql, name, keys, after);
      return batch.page(await pageRows(sql, actor, division, query, batch, after), after.limit);
    },
    { userId: actor.user.id, stillAllowed: () => requireStillActing(actor, { division }) },
  );
  return { total, batches };
}

/**
 * Active and archived totals under the same filters, for the two tabs' labels. `known` is the total the
 * caller already has for one tab (its list's), and may carry the other's (listLeadPage's `countOtherTab`);
 * only a tab not known is counted.
 */
export async function countLeadTabs(
  actor: Actor,
  division: Division,
  filters: LeadFilters,
  known?: { archived: boolean; total: number; otherTabTotal?: number },
  { countUpTo }: { countUpTo?: number } = {},
) {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const [active, archived] = await Promise.all(
    [false, true].map((isArchived) =>
      known?.archived === isArchived
        ? known.total
        : (known?.otherTabTotal ??
          countLeads(sql, actor, division, { ...filters, archived: isArchived }, { upTo: countUpTo }).then(
            ({ total }) => total,
          )),
    ),
  );
  return { active, archived };
}

/** How many active leads the division has of each status (the Contacts page's Lead Reports), from the kept counts. */
export async function countLeadsByStatus(
  actor: Actor,
  division: Division,
): Promise<Record<LeadStatus, number>> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const rows = await sql<{ status: LeadStatus; leads: number }[]>`
    select status, sum(leads)::int as leads from lead_stats_now
     where company_division = ${division} and not is_archived group by status`;
  const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  for (const row of rows) counts[row.status] = row.leads;
  return counts;
}

/**
 * Every lead of a division, active and archived, oldest first, in batches by keyset (the CSV export: memory
 * stays flat however many there are, and no connection waits on the client). The order is by creation, which
 * no edit changes, so a lead edited while the export runs is in it once. The export is recorded in the audit
 * log; one started before its user lost the division stops at the next batch.
 */
export async function streamLeadExport(
  actor: Actor,
  division: Division,
  { audit = true } = {},
): Promise<AsyncIterable<Lead[]>> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  if (audit)
    await recordAudit(sql, {
      action: "DATA_EXPORT",
      user: actor.user,
      resource: `leads:${division}`,
      details: `Exported the ${division} leads as CSV`,
      info: actor.info,
    });
  const keys: SortKey[] = [
    { expr: sql`l.created_at`, type: "timestamptz", dir: "asc" },
    { expr: sql`l.id`, type: "uuid", dir: "asc" },
  ];
  return keysetBatches(
    sql,
    {},
    async (after) => {
      const batch = keyset(sql, "export", keys, after);
      const rows = await sql<(Lead & { sortKey: (string | null)[] })[]>`
        ${leadSelect(sql, sql`${batch.key} as sort_key`)}
         where l.company_division = ${division} ${batch.after}
         ${batch.order} limit ${after.limit + 1}`;
      return batch.page(rows, after.limit);
    },
    { userId: actor.user.id, stillAllowed: () => requireStillActing(actor, { division }) },
  );
}
