// The install patch of postgres.js (docs/decisions/016-postgres-driver-patch.md): when a connection's socket
// closes, every query it holds is settled, and none is answered with what belongs to the next socket.
import net from "node:net";
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

describe.skipIf(!serverUrl)("postgres.js, when a connection's socket fails", () => {
  it("rejects a query sent between the socket's error and its close, and the next query gets its own rows", async () => {
    const target = new URL(serverUrl!);
    let socket: net.Socket | undefined;
    // postgres.js's `socket` option (a socket of one's own; its types leave it out) lets the test fail it.
    const options = {
      max: 1,
      onnotice: () => {},
      socket: () => (socket = net.connect(Number(target.port || 5432), target.hostname)),
    };
    const sql = postgres(serverUrl!, options);
    cleanups.push(() => sql.end({ timeout: 1 }));
    expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);

    // The socket fails while the connection is idle. Its 'close' comes a turn of the event loop after its
    // 'error', and a query made at the error reaches the connection in between, as the pool still holds it open.
    let sentInBetween: Promise<unknown> | undefined;
    socket!.once("error", () => {
      sentInBetween = outcome(sql`select 'in between' as answer`);
    });
    socket!.destroy(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
    await new Promise((resolve) => socket!.once("close", resolve));

    expect(await sql`select 'after' as answer`).toEqual([{ answer: "after" }]);
    expect(await sentInBetween).toEqual({ code: "CONNECTION_CLOSED" });
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

    const answer = await Promise.race([
      outcome(sql`select 1`),
      new Promise((resolve) => setTimeout(() => resolve("still waiting after 3 s"), 3000)),
    ]);
    expect(answer).toEqual({ code: "CONNECTION_CLOSED" });
  });
});
