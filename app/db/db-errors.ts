/** Errors that say the database connection is gone, not that a statement failed (db-availability.server.ts). */

// Node's socket errors, postgres.js's own, and PostgreSQL's connection exceptions (class 08), shutdowns
// (57P01-57P03) and a full connection table (53300).
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

export function isDatabaseUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (UNREACHABLE.has(code) || code.startsWith("08"));
}

/**
 * PostgreSQL refusing work for a reason no request can fix and that should pass: out of resources, a
 * read-only server, a statement or lock wait that ran out of time, a transaction it could not serialise.
 * Such a refusal is answered 503 with Retry-After, never 500 (docs/security.md "Limits"). `lasting` marks
 * the ones that say the database itself is unwell, which /healthz reports.
 */
const UNAVAILABLE: Record<string, { problem: string; lasting: boolean }> = {
  "53100": { problem: "out of disk space", lasting: true },
  "53200": { problem: "out of memory", lasting: true },
  "53400": { problem: "a configured limit was exceeded", lasting: true },
  "58030": { problem: "an I/O error", lasting: true },
  "25006": { problem: "read-only (a standby, or writes are off)", lasting: true },
  "57014": { problem: "a statement ran out of time", lasting: false },
  "55P03": { problem: "a lock wait ran out of time", lasting: false },
  "40001": { problem: "a transaction could not be serialised", lasting: false },
  "40P01": { problem: "a deadlock was broken", lasting: false },
};

/** The database's own reason for refusing work that should pass (see UNAVAILABLE), or null. */
export function databaseUnavailability(
  error: unknown,
): { code: string; problem: string; lasting: boolean } | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return null;
  const known = UNAVAILABLE[code];
  return known ? { code, ...known } : null;
}
