// keysetBatches against the test PostgreSQL (docs/decisions/004-lists.md): a whole list read in batches, each
// its own statement, so nothing is held between batches whatever the reader's pace; a reader that stops or
// loses its access ends the batches and gives its stream back.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl } from "../../tests/support/database";
import type { Sql } from "./db.server";
import { forbidden } from "~/utils/errors";
import { keyset, keysetBatches, type SortKey } from "./keyset.server";
import type { PageSize } from "~/utils/paging";
import { openStream, STREAMS_PER_USER } from "./stream-gate.server";

const TABLE = "keyset_batches_probe";

describe.runIf(databaseUrl())("keysetBatches", () => {
  let sql: Sql;
  let reader: Sql;

  beforeAll(async () => {
    sql = postgres(databaseUrl()!, {
      max: 1,
      onnotice: () => {},
      transform: postgres.camel,
    }) as unknown as Sql;
    reader = postgres(databaseUrl()!, { max: 1, onnotice: () => {} }) as unknown as Sql;
    await sql`drop table if exists ${sql(TABLE)}`;
    // Two rows share each `g`, so the order needs its tie-breaker.
    await sql`create table ${sql(TABLE)} as select i as k, i / 2 as g from generate_series(1, 6000) as i`;
  });

  afterAll(async () => {
    await sql`drop table if exists ${sql(TABLE)}`;
    await Promise.all([sql.end(), reader.end()]);
  });

  const keys = (): SortKey[] => [
    { expr: sql`g`, type: "int", dir: "desc" },
    { expr: sql`k`, type: "int", dir: "desc" },
  ];
  const readPage = async (paging: PageSize) => {
    const order = keyset(sql, "probe", keys(), paging);
    const rows = await sql<{ k: number; sortKey: (string | null)[] }[]>`
      select k, ${order.key} as sort_key from ${sql(TABLE)} where true ${order.after}
       ${order.order} limit ${paging.limit + 1} ${paging.offset ? sql`offset ${paging.offset}` : sql``}`;
    return order.page(rows, paging.limit);
  };
  const allowed = { userId: "reader", stillAllowed: async () => {} };

  it("reads every row once, in order, in batches, with no transaction open between them", async () => {
    const seen: number[] = [];
    const batches = keysetBatches(sql, { offset: 10 }, readPage, allowed);
    for await (const batch of batches) {
      seen.push(...batch.map((row) => row.k));
      // The reader holds its batch: the connection that read it is idle, not inside a transaction.
      const states = await reader<{ state: string }[]>`
        select state from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query like '%keyset_batches_probe%'`;
      expect(states.map((row) => row.state)).not.toContain("idle in transaction");
    }
    expect(seen).toEqual(Array.from({ length: 5990 }, (_, i) => 5990 - i));
  });

  it("stops with the error at the next batch when the reader is no longer allowed", async () => {
    let calls = 0;
    const revoked = async () => {
      if (++calls === 2) throw forbidden();
    };
    const read: number[] = [];
    const reading = (async () => {
      for await (const batch of keysetBatches(sql, {}, readPage, { userId: "r2", stillAllowed: revoked })) {
        read.push(batch.length);
      }
    })();
    await expect(reading).rejects.toMatchObject({ kind: "forbidden" });
    expect(read).toEqual([500, 2000]);
  });

  it("holds one of the user's streams while it reads, and gives it back when the reader stops early", async () => {
    const held = Array.from({ length: STREAMS_PER_USER - 1 }, () => openStream("busy reader"));
    const batches = keysetBatches(sql, {}, readPage, { ...allowed, userId: "busy reader" });
    for await (const batch of batches) {
      expect(batch).toHaveLength(500);
      // Every stream of the user is in use now: one more is refused.
      expect(() => openStream("busy reader")).toThrow(/At most 3/);
      break;
    }
    const again = openStream("busy reader");
    again();
    for (const release of held) release();
    // A user past the cap is refused before anything is read.
    const full = Array.from({ length: STREAMS_PER_USER }, () => openStream("full"));
    await expect(
      keysetBatches(sql, {}, readPage, { ...allowed, userId: "full" }).next(),
    ).rejects.toMatchObject({
      kind: "busy",
    });
    for (const release of full) release();
  });
});
