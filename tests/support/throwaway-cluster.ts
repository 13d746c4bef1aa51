// A PostgreSQL cluster of a test's own, for the faults a test may cause only on a server it started itself (a
// stop, a restart, a setting; README "Tests"): initdb into a temporary folder, started with pg_ctl on a free
// port of 127.0.0.1 with trust auth and its socket in that folder, removed afterwards. Every pg_ctl call names
// that folder's data directory, so it can only ever signal the postmaster this module started.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";
import { freePort } from "./tcp-proxy";

const run = promisify(execFile);
type RunAsServer = (command: string, args: string[]) => Promise<unknown>;

export type ThrowawayCluster = {
  /** The superuser's URL of the cluster's `postgres` database (postgres://postgres@127.0.0.1:<port>/postgres). */
  url: string;
  /** The temporary folder (data directory, socket, logs), owned by the OS user the server runs as. */
  folder: string;
  /** A superuser client on the `postgres` database; it connects when first used and reconnects after a restart. */
  sql: postgres.Sql;
  start: () => Promise<void>;
  /** pg_ctl stop in `mode`: "immediate" ends every server process at once, with no shutdown checkpoint. */
  stop: (mode: "smart" | "fast" | "immediate") => Promise<void>;
  /**
   * A pgbouncer in transaction mode in front of the cluster, as scripts/test-pgbouncer.sh puts one in front of
   * the machine's server; the port it listens on. remove() stops it.
   */
  startPgbouncer: () => Promise<number>;
  /** Stops the server and pgbouncer if they run, and deletes the folder. */
  remove: () => Promise<void>;
};

/** Where PostgreSQL's server programs are, and whether to run them as the `postgres` OS user (when root). */
type Binaries = { bin: string; asPostgresUser: boolean };

/** Why no throwaway cluster can be made on this machine, or null when one can. */
export function throwawayClusterUnavailable(): string | null {
  const found = binaries();
  return typeof found === "string" ? found : null;
}

/** A new cluster, initialised and started. */
export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const found = binaries();
  if (typeof found === "string") throw new Error(`No throwaway PostgreSQL cluster: ${found}`);
  // PostgreSQL and pgbouncer refuse to run as root: then they run as `postgres`, and the folder is that user's.
  const runAsServer: RunAsServer = (command, args) =>
    found.asPostgresUser ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "crm-cluster-"));
  const dataDir = path.join(folder, "data");
  const log = path.join(folder, "server.log");
  const pgCtl = async (...args: string[]) => {
    try {
      await runAsServer(path.join(found.bin, "pg_ctl"), ["-D", dataDir, ...args]);
    } catch (error) {
      const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").slice(-2000) : "";
      throw new Error(`pg_ctl ${args.join(" ")} failed: ${(error as Error).message}\n${tail}`);
    }
  };

  let sql: postgres.Sql | undefined;
  const remove = async () => {
    await sql?.end({ timeout: 0 });
    if (fs.existsSync(pgbouncerPidFile(folder))) {
      try {
        process.kill(Number(fs.readFileSync(pgbouncerPidFile(folder), "utf8")));
      } catch {
        // gone already
      }
    }
    if (fs.existsSync(path.join(dataDir, "postmaster.pid"))) {
      await pgCtl("stop", "-m", "immediate", "-w").catch(() => {});
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    if (found.asPostgresUser) execFileSync("chown", ["postgres:", folder]);
    // The locale of Debian's own clusters; no fsync of a cluster that is thrown away.
    await runAsServer(path.join(found.bin, "initdb"), [
      ...["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"],
      ...["--no-sync", "--no-instructions"],
    ]);
    const port = await freePort();
    fs.appendFileSync(
      path.join(dataDir, "postgresql.conf"),
      `\nlisten_addresses = '127.0.0.1'\nport = ${port}\nunix_socket_directories = '${folder}'\n`,
    );
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    sql = postgres(url, { max: 1, onnotice: () => {} });
    const cluster: ThrowawayCluster = {
      url,
      folder,
      sql,
      start: () => pgCtl("start", "-w", "-t", "60", "-l", log),
      stop: (mode) => pgCtl("stop", "-m", mode, "-w", "-t", "60"),
      startPgbouncer: () => startPgbouncer(folder, port, runAsServer),
      remove,
    };
    await cluster.start();
    return cluster;
  } catch (error) {
    await remove();
    throw error;
  }
}

/** pgbouncer, as the server's user, in front of the cluster on `serverPort`; the port it listens on. */
async function startPgbouncer(folder: string, serverPort: number, runAsServer: RunAsServer) {
  const listenPort = await freePort();
  const ini = path.join(folder, "pgbouncer.ini");
  fs.writeFileSync(path.join(folder, "users.txt"), '"postgres" ""\n');
  fs.writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=127.0.0.1 port=${serverPort}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${listenPort}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(folder, "users.txt")}`,
      "pool_mode = transaction",
      // As docs/scaling.md "pgbouncer" advises: a failed server login holds every client back 1 s, not 15.
      "server_login_retry = 1",
      "max_client_conn = 500",
      "default_pool_size = 20",
      `logfile = ${path.join(folder, "pgbouncer.log")}`,
      `pidfile = ${pgbouncerPidFile(folder)}`,
    ].join("\n") + "\n",
  );
  await runAsServer(pgbouncerProgram(), ["-d", ini]);
  await untilListening(listenPort);
  return listenPort;
}

const pgbouncerPidFile = (folder: string) => path.join(folder, "pgbouncer.pid");

/** pgbouncer on the PATH, or Debian's, which is outside a user's PATH. */
function pgbouncerProgram() {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin"];
  const program = dirs.map((dir) => path.join(dir, "pgbouncer")).find((file) => fs.existsSync(file));
  if (!program) throw new Error("pgbouncer is not installed: apt-get install pgbouncer");
  return program;
}

/** Resolves once something accepts connections on 127.0.0.1:`port`; fails after 10 s. */
async function untilListening(port: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (accepted) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on port ${port} after 10 s`);
    await sleep(100);
  }
}

/** PostgreSQL's server programs, or why there are none this process can run. */
function binaries(): Binaries | string {
  const bin = candidateBinDirs().find((dir) =>
    ["initdb", "pg_ctl", "postgres"].every((name) => fs.existsSync(path.join(dir, name))),
  );
  if (!bin)
    return "no PostgreSQL server programs (initdb, pg_ctl) in `pg_config --bindir` or /usr/lib/postgresql/*/bin";
  if (process.getuid?.() !== 0) return { bin, asPostgresUser: false };
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
  } catch {
    return "running as root (PostgreSQL refuses to) with no `postgres` OS user to run the server as";
  }
  return { bin, asPostgresUser: true };
}

/** pg_config's, then Debian's versions from the newest. */
function candidateBinDirs() {
  const dirs: string[] = [];
  try {
    dirs.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8", stdio: "pipe" }).trim());
  } catch {
    // no pg_config
  }
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((version) => path.join(debian, version, "bin")));
  }
  return dirs;
}
