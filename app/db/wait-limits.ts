/**
 * How long anything a request does may wait (docs/security.md "Limits"; docs/decisions/023-bounded-requests.md).
 * Every wait a client can cause ends, with an answer, within these bounds.
 */

/** A statement on the app's connections (each batch of a streamed list or export is its own statement). */
export const STATEMENT_TIMEOUT_MS = 8_000;
/** A wait for a row or table lock, or an advisory lock (two requests with one Idempotency-Key). */
export const LOCK_TIMEOUT_MS = 3_000;
/** A transaction left open with nothing running: PostgreSQL ends the session (a backstop; none should). */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 15_000;
/** A request's answer must start within this, or it is answered 503 with Retry-After and its work cancelled. */
export const REQUEST_DEADLINE_MS = 10_000;
/** `/healthz` answers 503 when the database has not answered `select 1` within this. */
export const HEALTH_CHECK_TIMEOUT_MS = 1_000;
/** A streamed answer whose client takes no chunk for this long is cut off. */
export const STREAM_STALL_MS = 15_000;
/** Seconds a client is told to wait (Retry-After) when the app or its database is too busy. */
export const RETRY_AFTER_SECONDS = 5;
/** A client must send its request line and headers within this (Node's headersTimeout). */
export const HEADERS_TIMEOUT_MS = 15_000;
/**
 * A client must send its whole request, body included, within this (Node's requestTimeout): a 10 MiB voice
 * note over a phone's 1 Mbit/s uplink takes about 90 s.
 */
export const REQUEST_RECEIVE_TIMEOUT_MS = 120_000;
/** An idle kept-alive client connection is closed after this (Node's keepAliveTimeout; load balancers keep 60 s). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Open client connections the server accepts at once; more are refused until some close. */
export const MAX_CLIENT_CONNECTIONS = 2_000;
