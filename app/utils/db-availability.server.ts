import { isDatabaseUnreachable } from "./db-errors";
import { db } from "./db.server";

/**
 * Whether the database can be reached (docs/scaling.md "When PostgreSQL goes away"). A request that meets a
 * connection failure reports it here; from then on requests are answered 503 at once, without waiting on
 * connection timeouts, until a probe reaches the database again (every PROBE_MS, so within a second of it
 * being back). Every other error is the request's own.
 */

const PROBE_MS = 500;

const globalStore = globalThis as typeof globalThis & { __crmDatabaseOutage?: Promise<void> | null };

export function databaseIsDown() {
  return Boolean(globalStore.__crmDatabaseOutage);
}

/** Notes an error a request met; answers whether it was the database being unreachable. */
export function reportDatabaseError(error: unknown): boolean {
  if (!isDatabaseUnreachable(error)) return false;
  if (!globalStore.__crmDatabaseOutage) {
    console.warn(
      `The database is unreachable (${(error as { code: string }).code}): answering 503 until it is back`,
    );
    globalStore.__crmDatabaseOutage = probeUntilReachable();
  }
  return true;
}

async function probeUntilReachable() {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
    try {
      const sql = await db();
      await sql`select 1`.execute();
      break;
    } catch {
      // still gone
    }
  }
  globalStore.__crmDatabaseOutage = null;
  console.warn("The database is reachable again");
}
