import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { isDatabaseUnreachable } from "./db-errors";
import { env } from "./env.server";
import { workQueue } from "./heavy-work";

export type Sql = postgres.Sql<Record<string, never>>;
export type Tx = postgres.TransactionSql<Record<string, never>>;

type Database = { sql: Sql; close: () => Promise<void>; embedded: boolean };

// server.ts (through tsx) and the Remix bundle load this module as two copies: the connection lives on
// globalThis so both use the same one.
const globalStore = globalThis as typeof globalThis & { __crmDatabase?: Promise<Database> };

const sqlOptions = {
  // snake_case columns become camelCase keys, and sql(obj) inserts map back.
  transform: postgres.camel,
  connect_timeout: 5,
  // Seconds before a closed connection reconnects after failures. postgres.js's own grows to 20 s over an
  // outage, which held the first queries after PostgreSQL's return that long; the app answers 503 while it
  // is gone (db-availability.server.ts), so a short, capped wait is enough.
  backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
  idle_timeout: 60,
  onnotice: () => {},
} as const;

export function dataDir() {
  return path.resolve(env().dataDir);
}

/**
 * Opens the database named by DATABASE_URL, or the embedded one under DATA_DIR, and migrates it. A failed
 * attempt is forgotten, so the next call tries again (the server retries while PostgreSQL is unreachable).
 */
export function connectDatabase(): Promise<Database> {
  globalStore.__crmDatabase ??= open()
    .then(async (db) => {
      try {
        await migrate(db.sql);
        return db;
      } catch (error) {
        await db.close().catch(() => {});
        throw error;
      }
    })
    .catch((error: unknown) => {
      globalStore.__crmDatabase = undefined;
      throw error;
    });
  return globalStore.__crmDatabase;
}

/**
 * Between two searches on the embedded database, time for other requests to get their statements in first:
 * it runs in this process and blocks it while it works, and a short request needs a few turns of the event
 * loop to reach it.
 */
const EMBEDDED_PAUSE_MS = 25;

const heavyQueue = workQueue(
  () => (env().databaseUrl ? Math.max(1, env().databasePoolSize - 2) : 1),
  () => (env().databaseUrl ? 0 : EMBEDDED_PAUSE_MS),
);

/**
 * Runs `work` (statements that read many rows: searches, their counts) at most a few at a time when `heavy`,
 * else at once. On the embedded database (one connection) six clients repeating a 0.3 s search kept other
 * users' requests waiting 1.7 s (median, 100,000 leads); one search at a time with a pause between them,
 * 0.27 s. With DATABASE_URL searches may use all but two of the pool's connections (docs/scaling.md).
 */
export function heavyWhen<T>(heavy: boolean, work: () => Promise<T>): Promise<T> {
  return heavy ? heavyQueue(work) : work();
}

/** The app's one postgres.js instance. Only valid after connectDatabase() resolved (server start). */
export async function db(): Promise<Sql> {
  return (await connectDatabase()).sql;
}

export async function closeDatabase() {
  const pending = globalStore.__crmDatabase;
  globalStore.__crmDatabase = undefined;
  if (pending) await (await pending).close();
}

async function open(): Promise<Database> {
  const { databaseUrl: url, databasePoolSize, databasePrepare } = env();
  if (url) {
    const sql = postgres(url, {
      ...sqlOptions,
      max: databasePoolSize,
      // Every statement is planned for its own values: a cached generic plan cannot use the trigram index
      // for a search pattern (measured 3.4x slower at a million leads). Unprepared statements always are,
      // and a pooler in transaction mode would refuse the startup parameter (docs/scaling.md).
      ...(databasePrepare
        ? { connection: { plan_cache_mode: "force_custom_plan" } }
        : { prepare: false, max_pipeline: 0 }),
    });
    if (!databasePrepare) sql.begin = beginOnReservedConnection(sql);
    return { sql, close: () => sql.end({ timeout: 5 }), embedded: false };
  }
  return openEmbedded();
}

/**
 * Behind a pooler in transaction mode (DATABASE_PREPARE=0) a statement must not be sent while another one on
 * the same connection is unanswered: pgbouncer 1.18 hands the server connection back at the first statement's
 * end and drops the second one's answers (docs/scaling.md "pgbouncer"). `max_pipeline: 0` stops postgres.js
 * pipelining, but its own `begin` claims the connection only from inside that pipelining check, so here a
 * transaction is a reserved connection between `begin` and `commit` (or `rollback`).
 */
function beginOnReservedConnection(sql: Sql): Sql["begin"] {
  const begin = async <T>(work: (tx: Tx) => T | Promise<T>) => {
    const tx = await sql.reserve();
    try {
      await tx`begin`;
      const result = await work(tx as unknown as Tx);
      await tx`commit`;
      tx.release();
      return result;
    } catch (error) {
      await abandonReserved(tx, error);
      throw error;
    }
  };
  return begin as unknown as Sql["begin"];
}

/**
 * The rows of `query` in batches of `size`, read through a cursor declared in a read-only transaction on a
 * reserved connection (docs/decisions/004-lists.md). PostgreSQL plans a declared cursor to return its first
 * rows soon (cursor_tuple_fraction). postgres.js's `.cursor()` reads a protocol portal instead, which is
 * planned for all its rows: at a million leads that plan could sort a whole division before the first row
 * (3.3 s) where walking the order's index starts at once. A search is the opposite case (`fastStart: false`):
 * walking the index for its first matches filtered the whole division (1.7 s for 7,000 matches), where the
 * trigram index finds them all and a sort orders them (0.09 s).
 */
export async function* declaredCursor<T>(
  sql: Sql,
  query: postgres.PendingQuery<postgres.Row[]>,
  size: number,
  { fastStart = true } = {},
): AsyncGenerator<T[]> {
  const tx = await sql.reserve();
  let ended = false;
  try {
    await tx`begin read only`;
    if (!fastStart) await tx`set local cursor_tuple_fraction = 1`;
    await tx`declare batches no scroll cursor for ${query}`;
    for (;;) {
      // FETCH takes no parameter for its count; `size` is the caller's constant.
      const rows = await tx.unsafe<T[]>(`fetch forward ${Math.trunc(size)} from batches`);
      if (rows.length > 0) yield rows;
      if (rows.length < size) break;
    }
    await tx`commit`;
    ended = true;
    tx.release();
  } catch (error) {
    ended = true;
    await abandonReserved(tx, error);
    throw error;
  } finally {
    // The reader stopped early (a client that went away): rolling back closes the cursor.
    if (!ended) await abandonReserved(tx);
  }
}

/**
 * Rolls back a reserved connection's transaction and releases it, after `error` or an early end. A
 * connection that failed is closed and back in postgres.js's pool, and PostgreSQL rolled the transaction
 * back: neither `rollback` nor `release` may touch it again (postgres.js would write to its missing socket).
 */
async function abandonReserved(tx: postgres.ReservedSql<Record<string, never>>, error?: unknown) {
  let lost = isDatabaseUnreachable(error) || isDatabaseUnreachable((error as Error | null)?.cause);
  if (!lost) {
    await tx`rollback`.catch((rollbackError: unknown) => {
      lost = isDatabaseUnreachable(rollbackError);
    });
  }
  if (!lost) tx.release();
}

async function openEmbedded(): Promise<Database> {
  const dir = dataDir();
  fs.mkdirSync(dir, { recursive: true });
  const releaseLock = acquireLock(path.join(dir, "pglite.lock"));
  const [{ PGlite }, { pg_trgm }, { PGLiteSocketServer }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite-socket"),
  ]);
  const pglite = await PGlite.create({ dataDir: path.join(dir, "pgdata"), extensions: { pg_trgm } });
  // Its one session ignores the client's startup parameters: set what DATABASE_URL's connections ask for.
  await pglite.exec("set plan_cache_mode = force_custom_plan");
  const server = new PGLiteSocketServer({ db: pglite, host: "127.0.0.1", port: 0, maxConnections: 2 });
  await server.start();
  const [host, port] = server.getServerConn().split(":");
  // One connection: pglite-socket interleaves the protocol of concurrent clients.
  const sql = postgres({
    ...sqlOptions,
    host,
    port: Number(port),
    user: "postgres",
    database: "postgres",
    max: 1,
  });
  return {
    sql,
    embedded: true,
    close: async () => {
      await sql.end({ timeout: 5 });
      await server.stop();
      await pglite.close();
      releaseLock();
    },
  };
}

/** PGlite does not lock its folder and two processes on one folder corrupt it, so we hold a lock file. */
function acquireLock(file: string) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(file, "utf8"));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The embedded database in ${path.dirname(file)} is in use by process ${holder}. ` +
            "Stop it, or set DATA_DIR to another folder.",
        );
      }
      fs.rmSync(file, { force: true }); // left behind by a process that died
    }
  }
  throw new Error(`Could not lock ${file}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const MIGRATIONS_DIR = path.resolve("sql");
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies each sql/NNNNN_*.sql once, in order, each in its own transaction. Every transaction first takes
 * the same advisory lock and re-reads what is applied, so instances starting together apply each file once.
 * Each applied file's checksum is kept: a file changed after it was applied stops the start, since the
 * change would never reach this database (schema changes go in a new file).
 */
async function migrate(sql: Sql) {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{5}_.+\.sql$/.test(name))
    .sort();
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
    await tx`
      create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`;
    await tx`alter table schema_migrations add column if not exists checksum text`;
  });
  for (const name of files) {
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, name), "utf8");
    const checksum = crypto.createHash("sha256").update(text).digest("hex");
    await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
      const [done] = await tx<{ checksum: string | null }[]>`
        select checksum from schema_migrations where name = ${name}`;
      if (done) {
        // Applied before checksums were kept: remember this one.
        if (done.checksum === null) {
          await tx`update schema_migrations set checksum = ${checksum} where name = ${name}`;
        } else if (done.checksum !== checksum) {
          throw new Error(
            `sql/${name} was changed after it was applied to this database. Undo the change and put it in a new numbered file.`,
          );
        }
        return;
      }
      await tx.unsafe(text);
      await tx`insert into schema_migrations (name, checksum) values (${name}, ${checksum})`;
    });
  }
}
