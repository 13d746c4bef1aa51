// declaredCursor against the test PostgreSQL (docs/decisions/004-lists.md): whole lists read in batches, planned
// to start at once, and a reader that stops early leaves neither a cursor nor a held connection behind.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl } from "../../tests/support/database";
import { declaredCursor, type Sql } from "./db.server";

const TABLE = "declared_cursor_probe";

describe.runIf(databaseUrl())("declaredCursor", () => {
  let sql: Sql;
  const plans: string[] = [];

  beforeAll(async () => {
    // One connection: the cursor's reserved connection is the one these settings are made on.
    sql = postgres(databaseUrl()!, {
      max: 1,
      onnotice: (notice) => plans.push(notice.message ?? ""),
    }) as unknown as Sql;
    await sql`drop table if exists ${sql(TABLE)}`;
    // Rows in key order, so walking the index reads the table in order: an index the planner would walk
    // for the first rows but not for all of them once random reads look dear.
    await sql`create table ${sql(TABLE)} as select i as k, md5(i::text) as filler from generate_series(1, 20000) as i`;
    await sql`create index on ${sql(TABLE)} (k)`;
    await sql`analyze ${sql(TABLE)}`;
    await sql`load 'auto_explain'`;
    await sql`set auto_explain.log_min_duration = 0`;
    await sql`set auto_explain.log_level = notice`;
    await sql`set random_page_cost = 40`;
  });

  afterAll(async () => {
    await sql`drop table if exists ${sql(TABLE)}`;
    await sql.end();
  });

  const ordered = () => sql`select k from ${sql(TABLE)} order by k`;

  it("reads every row in order, in batches, walking the index where a plan for all rows sorts", async () => {
    plans.length = 0;
    const batches: { k: number }[][] = [];
    for await (const batch of declaredCursor<{ k: number }>(sql, ordered(), 500)) batches.push(batch);
    expect(batches.map((batch) => batch.length)).toEqual(Array(40).fill(500));
    expect(batches.flat().map((row) => row.k)).toEqual(Array.from({ length: 20000 }, (_, i) => i + 1));
    const cursorPlan = plans.find((plan) => plan.includes("declare batches"));
    expect(cursorPlan).toMatch(/Index Only Scan|Index Scan/);
    expect(cursorPlan).not.toMatch(/Sort/);

    // The same query read through a protocol portal (postgres.js's .cursor()) is planned for all its rows.
    plans.length = 0;
    for await (const rows of ordered().cursor(500)) void rows;
    expect(plans.join("\n")).toMatch(/Sort/);
  });

  it("plans for all the rows when asked to (a search: every match found, then sorted)", async () => {
    plans.length = 0;
    let rows = 0;
    for await (const batch of declaredCursor(sql, ordered(), 500, { fastStart: false })) rows += batch.length;
    expect(rows).toBe(20000);
    expect(plans.find((plan) => plan.includes("declare batches"))).toMatch(/Sort/);
  });

  it("closes the cursor and gives the connection back when the reader stops early", async () => {
    for await (const batch of declaredCursor<{ k: number }>(sql, ordered(), 100)) {
      expect(batch).toHaveLength(100);
      break;
    }
    // The pool's one connection answers again, outside any transaction, with no cursor left open.
    const [{ cursors }] = await sql<
      { cursors: number }[]
    >`select count(*)::int as cursors from pg_cursors where name = 'batches'`;
    expect(cursors).toBe(0);
  });

  it("passes a failing statement's error on and gives the connection back", async () => {
    const failing = sql`select 1 / (k - 1000) from ${sql(TABLE)} order by k`;
    const reading = (async () => {
      for await (const batch of declaredCursor(sql, failing, 500)) void batch;
    })();
    await expect(reading).rejects.toThrow(/division by zero/);
    const [{ one }] = await sql<{ one: number }[]>`select 1 as one`;
    expect(one).toBe(1);
  });
});
