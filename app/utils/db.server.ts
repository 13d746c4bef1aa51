import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";

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
  idle_timeout: 60,
  onnotice: () => {},
} as const;

export function dataDir() {
  return path.resolve(process.env.DATA_DIR || ".data");
}

/** Opens the database named by DATABASE_URL, or the embedded one under DATA_DIR, and migrates it. */
export function connectDatabase(): Promise<Database> {
  globalStore.__crmDatabase ??= open().then(async (db) => {
    await migrate(db.sql);
    return db;
  });
  return globalStore.__crmDatabase;
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
  const url = process.env.DATABASE_URL;
  if (url) {
    const sql = postgres(url, { ...sqlOptions, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
    return { sql, close: () => sql.end({ timeout: 5 }), embedded: false };
  }
  return openEmbedded();
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

const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR || "sql");
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies each sql/NNNNN_*.sql once, in order, each in its own transaction. Every transaction first takes
 * the same advisory lock and re-reads what is applied, so instances starting together apply each file once.
 */
export async function migrate(sql: Sql) {
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
  });
  for (const name of files) {
    await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
      const [done] = await tx`select 1 from schema_migrations where name = ${name}`;
      if (done) return;
      await tx.unsafe(fs.readFileSync(path.join(MIGRATIONS_DIR, name), "utf8"));
      await tx`insert into schema_migrations (name) values (${name})`;
    });
  }
}
