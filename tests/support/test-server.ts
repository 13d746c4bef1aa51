// Starts the real app (server.ts on the real build) for the integration and browser tests, on a database
// of its own: a fresh PostgreSQL database when TEST_DATABASE_URL is set, else a fresh embedded one.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";

export const ADMIN = { email: "admin@test.example", password: "admin-password-1" };

export type TestServer = {
  baseUrl: string;
  databaseUrl: string | null;
  /** The app's process id (a test reads its memory from /proc). */
  pid: number;
  /** Has the app collect its garbage (started with `garbageCollectable`); resolves once it has. */
  collectGarbage: () => Promise<void>;
  /** Whether the app's process is still running. */
  running: () => boolean;
  /** Sends the app's process a signal (SIGKILL: dies mid-request, as in a crash). */
  kill: (signal: NodeJS.Signals) => void;
  /** Everything the app wrote to stdout and stderr, as a file the tests can read. */
  logFile: string;
  stop: () => Promise<void>;
};

export type TestServerOptions = {
  /** The database URL the app is given, made from its own (e.g. through a proxy a test controls). */
  databaseVia?: (url: string) => string;
  /** Wait only until the app answers at all, not until it is healthy (its database may be down). */
  answering?: boolean;
  /** A database made by createDatabase() to share with other apps; the caller drops it. */
  database?: { url: string };
  /** Variables to set beyond the defaults (e.g. one SESSION_SECRET for several instances). */
  env?: Record<string, string>;
  /**
   * Lets the test have the app collect its garbage (collectGarbage), so that a reading of its memory is what
   * it keeps, not how far V8 has let garbage pile up since its last collection.
   */
  garbageCollectable?: boolean;
};

export async function startTestServer(port: number, options: TestServerOptions = {}): Promise<TestServer> {
  // Another run's app on the port would answer the health check and the tests would use its database.
  await requireFreePort(port);
  const database = options.database ? { ...options.database, drop: async () => {} } : await createDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crm-test-"));
  const { NODE_ENV: _nodeEnv, DATABASE_URL: _databaseUrl, ...inherited } = process.env;
  const env: Record<string, string | undefined> = {
    ...inherited,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: "0",
    // Lets a test stand for many client addresses through X-Forwarded-For (the per-address rate limit).
    TRUST_PROXY: "loopback",
    // The suites sign the same admin in hundreds of times; the limit itself has a test with its default.
    SIGN_IN_SUCCESS_LIMIT: "1000000",
    SESSION_SECRET: "test-secret-" + crypto.randomBytes(8).toString("hex"),
    ...options.env,
  };
  if (options.garbageCollectable) {
    const preload = new URL("./collect-garbage-on-signal.mjs", import.meta.url).href;
    env.NODE_OPTIONS = [env.NODE_OPTIONS, "--expose-gc", `--import=${preload}`].filter(Boolean).join(" ");
  }
  if (database) env.DATABASE_URL = options.databaseVia?.(database.url) ?? throughPooler(database.url);

  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const logFile = path.join(os.tmpdir(), `crm-test-${port}-${Date.now()}.log`);
  const log = fs.createWriteStream(logFile);
  child.stdout!.on("data", (chunk) => {
    output += chunk;
    log.write(chunk);
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
    log.write(chunk);
    if (process.env.TEST_SERVER_LOGS) process.stderr.write(chunk);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output, options.answering);

  return {
    baseUrl,
    databaseUrl: database?.url ?? null,
    pid: child.pid!,
    collectGarbage: async () => {
      const collected = (text: string) => text.match(/^Garbage collected$/gm)?.length ?? 0;
      const before = collected(output);
      child.kill("SIGUSR2");
      const deadline = Date.now() + 15_000;
      while (collected(output) === before) {
        if (Date.now() > deadline) throw new Error("The app did not collect its garbage within 15 s");
        await sleep(50);
      }
    },
    logFile,
    running: () => child.exitCode === null && child.signalCode === null,
    kill: (signal) => child.kill(signal),
    stop: async () => {
      await stopProcess(child);
      log.end();
      fs.rmSync(logFile, { force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

function requireFreePort(port: number) {
  return new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", () =>
      reject(new Error(`Port ${port} is in use: set INTEGRATION_PORT or E2E_PORT to a free one`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/** The app's database URL, through the pooler on TEST_APP_DATABASE_PORT when one is set (scripts/test-pgbouncer.sh). */
function throughPooler(url: string) {
  const port = process.env.TEST_APP_DATABASE_PORT;
  if (!port) return url;
  const pooled = new URL(url);
  pooled.port = port;
  return pooled.toString();
}

/** A fresh database on the PostgreSQL server named by TEST_DATABASE_URL, and how to drop it. */
export async function createDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const name = `crm_test_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    },
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, answering = false) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok || answering) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill("SIGKILL");
  throw new Error(`The app did not become healthy within 60 s:\n${output()}`);
}

function stopProcess(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
