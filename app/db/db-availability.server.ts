import { setTimeout as sleep } from "node:timers/promises";
import { databaseUnavailability, isDatabaseUnreachable } from "./db-errors";
import { db } from "./db.server";
import { logLine } from "~/utils/log-line";

/**
 * Whether the database can be reached and serve (docs/scaling.md "When PostgreSQL goes away").
 * - A request that meets a connection failure reports it here; from then on requests are answered 503 at
 *   once, without waiting on connection timeouts, until a probe reaches the database again (every PROBE_MS,
 *   so within a second of it being back).
 * - A request that meets the database refusing work it should do (out of disk space, read-only, a timeout:
 *   db/db-errors.ts) is answered 503 too; each kind is logged once a minute with how often it happened,
 *   and a lasting one (disk, memory, read-only) makes /healthz answer 503 for that minute.
 * Every other error is the request's own.
 */

const PROBE_MS = 500;
const PROBE_TIMEOUT_MS = 2_000;
/** How often one kind of refusal is logged, at most, and how long /healthz reports a lasting one. */
const TROUBLE_INTERVAL_MS = 60_000;

type Trouble = { problem: string; lasting: boolean; since: number; lastAt: number; unlogged: number };

const globalStore = globalThis as typeof globalThis & {
  __crmDatabaseOutage?: Promise<void> | null;
  __crmDatabaseTrouble?: Map<string, Trouble>;
};
const troubles = (globalStore.__crmDatabaseTrouble ??= new Map());

export function databaseIsDown() {
  return Boolean(globalStore.__crmDatabaseOutage);
}

/**
 * Notes an error a request met; answers whether it was the database's doing (unreachable, or unable to serve),
 * which the request answers 503 with Retry-After.
 */
export function reportDatabaseError(error: unknown): boolean {
  if (isDatabaseUnreachable(error)) {
    if (!globalStore.__crmDatabaseOutage) {
      console.warn(
        logLine`The database is unreachable (${(error as { code: string }).code}): answering 503 until it is back`,
      );
      globalStore.__crmDatabaseOutage = probeUntilReachable();
    }
    return true;
  }
  const unavailable = databaseUnavailability(error);
  if (!unavailable) return false;
  noteTrouble(unavailable.code, unavailable.problem, unavailable.lasting);
  return true;
}

/** The lasting trouble the database has shown within the last interval, for /healthz; null when none. */
export function lastingDatabaseTrouble(): string | null {
  const now = Date.now();
  for (const [code, trouble] of troubles) {
    if (trouble.lasting && now - trouble.lastAt < TROUBLE_INTERVAL_MS) return `${trouble.problem} (${code})`;
  }
  return null;
}

/** The first of a kind is logged at once; the rest are counted and logged in one line per interval. */
function noteTrouble(code: string, problem: string, lasting: boolean) {
  const now = Date.now();
  const known = troubles.get(code);
  if (known && now - known.since < TROUBLE_INTERVAL_MS) {
    known.unlogged++;
    known.lastAt = now;
    return;
  }
  if (known?.unlogged) logRepeats(code, known);
  troubles.set(code, { problem, lasting, since: now, lastAt: now, unlogged: 0 });
  console.warn(logLine`The database could not serve a request: ${problem} (${code}); answering 503`);
  // The count of the ones that follow is logged when the interval ends, even if no more come.
  setTimeout(() => {
    const trouble = troubles.get(code);
    if (trouble?.since === now && trouble.unlogged) {
      logRepeats(code, trouble);
      trouble.unlogged = 0;
    }
  }, TROUBLE_INTERVAL_MS).unref();
}

function logRepeats(code: string, trouble: Trouble) {
  const seconds = Math.round((trouble.lastAt - trouble.since) / 1000);
  console.warn(
    logLine`The database could not serve ${trouble.unlogged} more requests in ${seconds} s: ${trouble.problem} (${code})`,
  );
}

async function probeUntilReachable() {
  for (;;) {
    await sleep(PROBE_MS);
    if ((await databaseSilence(PROBE_TIMEOUT_MS)) === null) break;
  }
  globalStore.__crmDatabaseOutage = null;
  console.warn("The database is reachable again");
}

/**
 * Why the database is not answering `select 1` within `timeoutMs`, or null when it does (/healthz, the
 * outage's probe). A frozen server, or a pool whose every connection is stuck, is a timeout here, not a hang.
 */
export async function databaseSilence(timeoutMs: number): Promise<string | null> {
  const signal = AbortSignal.timeout(timeoutMs);
  const answered = db({ scope: { signal } })
    .then((sql) => sql`select 1`.execute())
    .then(
      () => null,
      (error: unknown) => {
        reportDatabaseError(error);
        return "database error";
      },
    );
  const silent = new Promise<string>((resolve) =>
    signal.addEventListener("abort", () => resolve("database not answering")),
  );
  return Promise.race([answered, silent]);
}
