import type postgres from "postgres";
import { streamBatch, type Sql, type Tx } from "./db.server";
import { invalidInput } from "~/utils/errors";
import type { PageCursor } from "~/utils/page-cursor";
import type { PageSize, Paging } from "~/utils/paging";
import { openStream } from "./stream-gate.server";

/**
 * Keyset paging (docs/decisions/005-cursors.md): a list's order as a list of keys, the last of them unique
 * (the id), so "the rows after this one" is a WHERE clause an index can start from, whatever the depth.
 */
export type SortKey = {
  expr: postgres.Fragment;
  /** The type the key's text in a cursor is read back as. */
  type: "text" | "timestamptz" | "numeric" | "int" | "uuid" | "boolean";
  dir: "asc" | "desc";
  /** The key may be null; nulls sort after every value (NULLS LAST). */
  nullable?: boolean;
};

export type Keyset = {
  /** ORDER BY for the keys. */
  order: postgres.Fragment;
  /**
   * The row's key as a JSON array of texts, to select `as sort_key` for the next cursor (JSON, since
   * postgres.js reads a NULL in a text[] as the string "NULL").
   */
  key: postgres.Fragment;
  /** `and (rows after the cursor)`, or nothing on a first page. */
  after: postgres.Fragment;
  /** The total a scan-counted walk began with (carried in its cursor), so later pages need not count. */
  knownTotal?: number;
  /**
   * A page from rows fetched with one more than `limit` (which says whether another page follows): the rows
   * without their `sortKey`, `total` and `otherTotal` columns, and the next page's cursor, which carries `carriedTotal`.
   */
  page: <Row extends PagedRow>(
    rows: Row[],
    limit: number,
    carriedTotal?: number,
  ) => { rows: Omit<Row, keyof PagedRow>[]; next: PageCursor | null };
};

/** The columns a paged query adds to its rows: the key (`order.key as sort_key`), the in-scan counts. */
type PagedRow = { sortKey: (string | null)[]; total?: number; otherTotal?: number };

/**
 * The order `name` over `keys`, continued after `paging.cursor` when there is one. A cursor of another order
 * or of another shape, or one beside an offset, is refused as invalid input.
 */
export function keyset(sql: Sql | Tx, name: string, keys: SortKey[], paging: Paging = {}): Keyset {
  const cursor = paging.cursor;
  if (cursor && paging.offset) throw invalidInput({ cursor: ["Use cursor or offset, not both"] });
  if (cursor && (cursor.order !== name || cursor.key.length !== keys.length))
    throw invalidInput({ cursor: ["The cursor belongs to another order; start again without it"] });
  return {
    order: sql`order by ${commaList(
      sql,
      keys.map(({ expr, dir, nullable }) =>
        dir === "asc"
          ? sql`${expr} asc ${nullable ? sql`nulls last` : sql``}`
          : sql`${expr} desc ${nullable ? sql`nulls last` : sql``}`,
      ),
    )}`,
    key: sql`json_build_array(${commaList(
      sql,
      keys.map(({ expr }) => sql`(${expr})::text`),
    )})`,
    after: cursor ? sql`and ${afterKey(sql, keys, cursor.key)}` : sql``,
    knownTotal: cursor?.total,
    page: (rows, limit, carriedTotal) => ({
      rows: rows.slice(0, limit).map(withoutPagingColumns),
      next: rows.length > limit ? { order: name, key: rows[limit - 1].sortKey, total: carriedTotal } : null,
    }),
  };
}

// A loop rather than `({ sortKey, total, otherTotal, ...row }) => row`: V8 runs that rest copy on its slow
// path for these rows, a cost the /leads page showed (docs/scaling.md "Where a page's time goes").
function withoutPagingColumns<Row extends PagedRow>(row: Row): Omit<Row, keyof PagedRow> {
  const copy: Record<string, unknown> = {};
  for (const key in row) {
    if (key !== "sortKey" && key !== "total" && key !== "otherTotal") copy[key] = row[key];
  }
  return copy as Omit<Row, keyof PagedRow>;
}

function commaList(sql: Sql | Tx, parts: postgres.Fragment[]) {
  return parts.reduce((joined, part, i) => (i ? sql`${joined}, ${part}` : part));
}

/**
 * A key's text read back as its type. The parameter goes as text: sent as a timestamptz, postgres.js would
 * pass it through a JavaScript Date and drop the microseconds.
 */
function castValue(sql: Sql | Tx, value: string, type: SortKey["type"]) {
  return sql`${value}::text::${sql.unsafe(type)}`;
}

/**
 * Rows strictly after `values` in the keys' order. Keys that are never null and all run one way compare as
 * one row value, which PostgreSQL starts an index scan from; otherwise the comparison is spelled out key by key.
 */
function afterKey(sql: Sql | Tx, keys: SortKey[], values: (string | null)[]): postgres.Fragment {
  const oneWay = keys.every((key) => key.dir === keys[0].dir && !key.nullable);
  if (oneWay && values.every((value) => value !== null)) {
    const columns = keys.map(({ expr }) => expr);
    const bounds = keys.map((key, i) => castValue(sql, values[i]!, key.type));
    return keys[0].dir === "asc"
      ? sql`(${commaList(sql, columns)}) > (${commaList(sql, bounds)})`
      : sql`(${commaList(sql, columns)}) < (${commaList(sql, bounds)})`;
  }
  return keys.reduceRight<postgres.Fragment>(
    (rest, key, i) => {
      const value = values[i];
      if (value === null) return key.nullable ? sql`(${key.expr} is null and ${rest})` : sql`false`;
      const bound = castValue(sql, value, key.type);
      const beyond = key.dir === "asc" ? sql`${key.expr} > ${bound}` : sql`${key.expr} < ${bound}`;
      const nullsAfter = key.nullable ? sql`or ${key.expr} is null` : sql``;
      return sql`(${beyond} ${nullsAfter} or (${key.expr} = ${bound} and ${rest}))`;
    },
    sql`false`,
  );
}

/**
 * A searched page's rows with the number of all matches as `total`: `scan` (`from <table> <alias> <where>`)
 * behind `offset 0`, as a FROM item named `alias`, so the page's ORDER BY, LIMIT and keyset condition go
 * outside it (`where true ${order.after}`). Every match is read for the count anyway; behind the fence the
 * planner plans the scan for all of them (the trigram index). Seeing the page's LIMIT instead, it walked the
 * list's index in order, filtering every row, whenever its estimate of the matches came out high, as it
 * did for a fragment of a common surname after some ANALYZEs (docs/scaling.md).
 * With `split`, a condition on the row, the scan also holds a second list's rows (the leads page's other tab,
 * searched the same way): `total` counts the rows that meet it, `other_total` the others, and the caller
 * keeps only the first (`where <split>` after the fence). One trigram scan instead of two.
 */
export function withMatchCount(
  sql: Sql | Tx,
  alias: string,
  scan: postgres.Fragment,
  split?: postgres.Fragment,
): postgres.Fragment {
  const counts = split
    ? sql`count(*) filter (where ${split}) over ()::int as total,
          count(*) filter (where not (${split})) over ()::int as other_total`
    : sql`count(*) over ()::int as total`;
  return sql`(select ${sql(alias)}.*, ${counts} ${scan} offset 0) ${sql(alias)}`;
}

/**
 * Rows of a streamed list's or export's first batch (its first bytes leave soon), and of every batch after:
 * larger, since each is a statement of its own, and a search's is its whole trigram scan again (small
 * batches made a searched stream slow).
 */
const STREAM_FIRST_BATCH = 500;
const STREAM_BATCH = 2000;

/**
 * A whole list in batches, each read by its own short statement that starts after the last row of the one
 * before (docs/decisions/004-lists.md): no connection is held between batches, whatever the client's pace,
 * and a client that never reads holds none at all. `readPage` reads one batch of the list's order after
 * `paging` (a cursor, or on the first batch the client's own cursor or offset), `paging.limit` rows of it
 * (STREAM_FIRST_BATCH, then STREAM_BATCH). `stillAllowed` is asked beside
 * every batch after the first, so that a list started before its user was deactivated or lost the division
 * stops at the next batch, with its error. Each user has a few streams at once (db/stream-gate.server.ts),
 * and every batch waits its turn in the streams' share of the pool (streamBatch).
 */
export async function* keysetBatches<T>(
  sql: Sql | Tx,
  paging: Paging,
  readPage: (paging: PageSize) => Promise<{ rows: T[]; next: PageCursor | null }>,
  { userId, stillAllowed }: { userId: string; stillAllowed: () => Promise<void> },
): AsyncGenerator<T[]> {
  const release = openStream(userId);
  try {
    let page = await streamBatch(sql, () => readPage({ ...paging, limit: STREAM_FIRST_BATCH }));
    for (;;) {
      if (page.rows.length) yield page.rows;
      if (!page.next) return;
      const after = { cursor: page.next, limit: STREAM_BATCH };
      [page] = await Promise.all([streamBatch(sql, () => readPage(after)), stillAllowed()]);
    }
  } finally {
    release();
  }
}
