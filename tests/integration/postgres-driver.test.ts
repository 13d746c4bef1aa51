// The faults patches/postgres+3.4.9.patch fixes (docs/decisions/016-postgres-driver-patch.md), reproduced
// against the driver itself, as upstream would run them: when a connection's socket closes, every query it
// holds is settled, nothing of it reaches the next socket, and a statement made on the closed connection is
// rejected rather than ending the process; a transaction's BEGIN always reserves its connection; a query that
// fails after some of its rows leaves nothing of them to the next. Each test fails without its part of the
// patch.
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../support/tcp-proxy";

const serverUrl = process.env.TEST_DATABASE_URL;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** What a query came to: its rows, or the code of the error it was rejected with. */
const outcome = (query: Promise<unknown>) =>
  query.then(
    (rows) => ({ rows }),
    (error: { code?: string }) => ({ code: error.code }),
  );

/**
 * A one-connection client whose socket the test holds, to fail it (postgres.js's `socket` option, which its
 * types leave out).
 */
function clientHoldingItsSocket(more: { connect_timeout?: number } = {}) {
  const target = new URL(serverUrl!);
  let socket: net.Socket | undefined;
  const options = {
    max: 1,
    onnotice: () => {},
    ...more,
    socket: () => (socket = net.connect(Number(target.port || 5432), target.hostname)),
  };
  const sql = postgres(serverUrl!, options);
  cleanups.push(() => sql.end({ timeout: 1 }));
  return { sql, socket: () => socket! };
}

describe.skipIf(!serverUrl)("postgres.js, when a connection's socket fails", () => {
  it("rejects a query sent between the socket's error and its close, and the next query gets its own rows", async () => {
    const { sql, socket } = clientHoldingItsSocket();
    expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);

    // The socket fails while the connection is idle. Its 'close' comes a turn of the event loop after its
    // 'error', and a query made at the error reaches the connection in between, as the pool still holds it open.
    let sentInBetween: Promise<unknown> | undefined;
    socket().once("error", () => {
      sentInBetween = outcome(sql`select 'in between' as answer`);
    });
    socket().destroy(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
    await new Promise((resolve) => socket().once("close", resolve));

    expect(await sql`select 'after' as answer`).toEqual([{ answer: "after" }]);
    expect(await sentInBetween).toEqual({ code: "CONNECTION_CLOSED" });
  });

  it("sends the next socket's startup at once when the socket closed with a write still waiting", async () => {
    const { sql, socket } = clientHoldingItsSocket({ connect_timeout: 2 });
    await sql`select 1`;

    // A query made in a timer callback is written on the next turn of the event loop; the socket closed in
    // that callback is gone before then.
    const cut = await new Promise<Promise<unknown>>((resolve) =>
      setImmediate(() => {
        const query = outcome(sql`select 'cut' as answer`);
        socket().destroy();
        resolve(query);
      }),
    );
    expect(await cut).toEqual({ code: "CONNECTION_CLOSED" });
    expect(await outcome(sql`select 'after' as answer`)).toEqual({ rows: [{ answer: "after" }] });
  });

  it("survives a transaction whose backend is terminated mid-statement, and serves the next query", async () => {
    const sql = postgres(serverUrl!, { max: 2, onnotice: () => {} });
    const killer = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    cleanups.push(
      () => sql.end({ timeout: 1 }),
      () => killer.end({ timeout: 1 }),
    );
    let backend: number | undefined;
    const transaction = outcome(
      sql.begin(async (tx) => {
        [{ pid: backend }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
        await tx`select pg_sleep(2)`;
      }),
    );
    while (backend === undefined) await sleep(20);
    await killer`select pg_terminate_backend(${backend})`;

    // Before the patch the transaction's own ROLLBACK went to a closed connection: a TypeError thrown from a
    // timer, which ends the process (and fails this test run).
    expect(await transaction).toEqual({ code: "CONNECTION_CLOSED" });
    await sleep(100);
    expect(await sql`select 'after' as answer`).toEqual([{ answer: "after" }]);
  });
});

describe.skipIf(!serverUrl)("postgres.js, at the pipeline's limit", () => {
  it("reserves a transaction's connection when its BEGIN is the statement that reaches the limit", async () => {
    // One connection that takes one statement at a time (`max_pipeline`, which its types leave out): the BEGIN
    // goes behind a statement still running.
    const options = { max: 1, max_pipeline: 1, onnotice: () => {} };
    const sql = postgres(serverUrl!, options);
    const observer = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    cleanups.push(
      () => sql.end({ timeout: 1 }),
      () => observer.end({ timeout: 1 }),
    );
    const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const running = sql`select pg_sleep(0.2)`.execute();
    const transaction = outcome(sql.begin((tx) => tx`select 'in the transaction' as answer`));
    await running;

    // Before the patch the transaction threw a TypeError from a timer, which ends the process (and fails this
    // test run), and left the connection in a transaction.
    expect(await transaction).toEqual({ rows: [{ answer: "in the transaction" }] });
    await sleep(100);
    expect(await observer`select state from pg_stat_activity where pid = ${pid}`).toEqual([
      { state: "idle" },
    ]);
  });
});

describe.skipIf(!serverUrl)("postgres.js, when a query fails after some of its rows", () => {
  it("gives the next query on the connection its own rows from the first index", async () => {
    const sql = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    cleanups.push(() => sql.end({ timeout: 1 }));
    // Three rows come, then the fourth divides by zero (as a statement cancelled mid-stream: rows, then an error).
    const failing = outcome(sql`select i, 1 / (4 - i) as boom from generate_series(1, 10) as i`);
    const next = sql`select x from generate_series(1, 3) as x`;

    expect(await failing).toEqual({ code: "22012" });
    // Before the patch: [ <3 empty items>, {x: 1}, {x: 2}, {x: 3} ], a sparse array of length 6.
    const rows = await next;
    expect(rows).toHaveLength(3);
    expect([...rows]).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
  });
});

describe("postgres.js, when a server closes a connection still starting", () => {
  it("rejects the query waiting for it instead of reconnecting forever", async () => {
    // A server that reads the startup message and closes cleanly (FIN, no error on the client's side).
    const server = net.createServer((client) => client.once("data", () => client.end()));
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    const sql = postgres({ host: "127.0.0.1", port, max: 1, connect_timeout: 2, onnotice: () => {} });
    cleanups.push(
      () => sql.end({ timeout: 0 }),
      () => new Promise((resolve) => server.close(resolve)),
    );

    const answer = await Promise.race([outcome(sql`select 1`), sleep(3000, "still waiting after 3 s")]);
    expect(answer).toEqual({ code: "CONNECTION_CLOSED" });
  });
});
