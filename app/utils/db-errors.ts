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
