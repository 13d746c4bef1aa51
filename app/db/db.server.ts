import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { isDatabaseUnreachable } from "./db-errors";
import { scopedSql, scopeOf, type RequestScope } from "./db-scope.server";
import { env } from "~/utils/env.server";
import { workQueue } from "./heavy-work";
import { IDLE_IN_TRANSACTION_TIMEOUT_MS, LOCK_TIMEOUT_MS, STATEMENT_TIMEOUT_MS } from "./wait-limits";

export type Sql = postgres.Sql<Record<string, never>>;
export type Tx = postgres.TransactionSql<Record<string, never>>;

type Database = { sql: Sql; close: () => Promise<void>; embedded: boolean };

// server.ts (through tsx) and the Remix bundle load this module as two copies: the connection lives on
// globalThis so both use the same one.
const globalStore = globalThis as typeof globalThis & { __crmDatabase?: Promise<Database> };

/**
 * Every statement and lock wait of the app's connections ends (db/wait-limits.ts), and PostgreSQL ends a
 * session left idle inside a transaction. Behind a pooler in transaction mode these startup parameters are
 * refused: its own configuration sets them there (docs/scaling.md "pgbouncer").
 */
const WAIT_LIMITS = {
  statement_timeout: STATEMENT_TIMEOUT_MS,
  lock_timeout: LOCK_TIMEOUT_MS,
  idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
};

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
 * Runs `work` (statements on `sql` that read many rows: searches, their counts) at most a few at a time when
 * `heavy`, else at once. On the embedded database (one connection) a few clients repeating a search kept
 * other users' requests waiting behind them; one search at a time with a pause between them lets those
 * in. With DATABASE_URL searches may use all but two of the pool's connections (docs/scaling.md).
 * A request that goes away while its search waits leaves the queue.
 */
export function heavyWhen<T>(sql: Sql | Tx, heavy: boolean, work: () => Promise<T>): Promise<T> {
  return heavy ? heavyQueue(work, scopeOf(sql)?.signal) : work();
}

/**
 * The streamed lists' and exports' share of the pool: a quarter of its connections run their batches, so
 * however many clients stream, the other requests keep the rest (docs/decisions/004-lists.md).
 */
const streamQueue = workQueue(() =>
  env().databaseUrl ? Math.max(1, Math.floor(env().databasePoolSize / 4)) : 1,
);

/** Runs one batch of a streamed answer (statements on `sql`) in the streams' share of the pool. */
export function streamBatch<T>(sql: Sql | Tx, work: () => Promise<T>): Promise<T> {
  return streamQueue(work, scopeOf(sql)?.signal);
}

/**
 * The app's one postgres.js instance. Only valid after connectDatabase() resolved (server start). Given the
 * acting user (or anything holding a request's scope), it is bound to their request: its statements are
 * cancelled when the request is, and run in the request's own transaction when it has one
 * (db/db-scope.server.ts).
 */
export async function db(owner?: { scope?: RequestScope }): Promise<Sql> {
  const { sql, embedded } = await connectDatabase();
  const scope = owner?.scope;
  // The embedded database's socket server ignores a CancelRequest, and keeps the connection that sent it open
  // (one of its two): a statement sent there runs to its end.
  return scope ? scopedSql(scope.tx ?? sql, scope, { cancelSent: !embedded }) : sql;
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
      // for a search pattern. Unprepared statements always are,
      // and a pooler in transaction mode would refuse the startup parameter (docs/scaling.md).
      ...(databasePrepare
        ? { connection: { plan_cache_mode: "force_custom_plan", ...WAIT_LIMITS } }
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
 * Rolls back a reserved connection's transaction and releases it, after `error`. A connection that failed is
 * closed and back in postgres.js's pool, and PostgreSQL rolled the transaction back: neither `rollback` nor
 * `release` may touch it again (postgres.js would write to its missing socket).
 */
async function abandonReserved(tx: postgres.ReservedSql<Record<string, never>>, error: unknown) {
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
    await withoutWaitLimits(tx);
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
      await withoutWaitLimits(tx);
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

/** A migration may rewrite or index a large table, and waits for another instance's: no request limits. */
async function withoutWaitLimits(tx: Tx) {
  await tx`set local statement_timeout = 0`;
  await tx`set local lock_timeout = 0`;
}
