import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import {
  claimIdempotencyKey,
  storeIdempotentAnswer,
  type StoredAnswer,
} from "~/models/idempotency-key.server";
import { db } from "~/db/db.server";
import { RequestAborted } from "~/db/db-scope.server";
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_HEADER } from "~/utils/idempotency-key";
import { actingUserId } from "~/auth/current-user.server";

/**
 * Idempotency-Key (the IETF httpapi draft; docs/api.md "Retrying safely"; docs/decisions/024-idempotency-keys.md).
 * A write that carries a key (the header on /api, the `idempotencyKey` field of a page's form:
 * components/idempotency-key-field.tsx) runs in one
 * transaction with its key: the key is claimed (a concurrent retry waits for it), the route's action runs with
 * every statement in that transaction, and its answer is stored under the key before the commit. The key and
 * the write are stored together or not at all, so a retry after a lost answer, a 503 or a cut socket is
 * answered the first time's answer and writes nothing. Only a write's success is kept: an answer of 400 or
 * more, or one that wrote nothing (a duplicate warning, a refusal shown as a toast), is rolled back with its
 * key, and the same key may then be sent again with corrected input.
 */

/** A key is 1 to 255 printable ASCII characters, sent bare or as a Structured Field string ("..."). */
const KEY_TEXT = /^[\x20-\x7e]{1,255}$/;

/**
 * The key a write carries, `null` when it carries none, or `{ invalid }` for a header that is not one. A page
 * form's field is read from a url-encoded body only (the pages' forms are), and a malformed one is ignored.
 */
export function idempotencyKeyOf(
  request: { method: string; path: string; header: (name: string) => string | undefined },
  body: Uint8Array | undefined,
): string | null | { invalid: string } {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return null;
  if (request.path.startsWith("/api/")) {
    const header = request.header(IDEMPOTENCY_HEADER);
    if (header === undefined) return null;
    const key = unquoted(header.trim());
    return key !== null && KEY_TEXT.test(key)
      ? key
      : { invalid: `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters` };
  }
  if (!body || !/^application\/x-www-form-urlencoded\b/i.test(request.header("content-type") ?? "")) {
    return null;
  }
  const key = new URLSearchParams(Buffer.from(body).toString("utf8")).get(IDEMPOTENCY_FIELD);
  return key !== null && KEY_TEXT.test(key) ? key : null;
}

/** An sf-string's text ("a\"b" is a"b), or the header as it is when it is not quoted; null when malformed. */
function unquoted(header: string): string | null {
  if (!header.startsWith('"')) return header;
  const match = /^"((?:[^"\\]|\\["\\])*)"$/.exec(header);
  return match ? match[1].replace(/\\(["\\])/g, "$1") : null;
}

/** What identifies the request a key was first sent with: its method, address and body. */
export function requestFingerprint(method: string, url: string, body: Uint8Array | undefined) {
  return crypto
    .createHash("sha256")
    .update(`${method} ${url}\n`)
    .update(body ?? new Uint8Array())
    .digest("hex");
}

/** Headers of an answer that belong to its sending, not to it: a replay has its own. */
const SENDING_HEADERS = new Set(["date", "content-length", "transfer-encoding", "connection", "keep-alive"]);

/** Statuses whose answer has no body (the Fetch API refuses one). */
const NO_BODY = new Set([204, 205, 304]);

/** Thrown out of the key's transaction to roll it back and answer `response` as it is. */
class Unkept {
  constructor(readonly response: Response) {}
}

/**
 * `answer()` run once per key for the acting user; a retry gets the stored answer (marked
 * `Idempotent-Replayed: true`), the same key with another request 422, and a retry sent while the first one
 * still runs waits for it (409 when that takes longer than a lock may be waited for).
 */
export async function answerOnce(
  key: string,
  fingerprint: string,
  request: Request,
  context: AppLoadContext,
  answer: () => Promise<Response>,
): Promise<Response> {
  const userId = await actingUserId(request, context);
  // Not signed in (or refused): the route answers that, and writes nothing.
  if (!userId) return answer();
  const scope = context.scope;
  const sql = await db();
  try {
    return await sql.begin(async (tx) => {
      const stored = await claimIdempotencyKey(tx, userId, key).catch((error: unknown) => {
        throw (error as { code?: string }).code === "55P03" ? new Unkept(stillRunning()) : error;
      });
      if (stored) throw new Unkept(stored.fingerprint === fingerprint ? replay(stored) : keyReused());
      scope.tx = tx;
      scope.wrote = false;
      let response: Response;
      try {
        response = await answer();
      } finally {
        scope.tx = undefined;
      }
      if (response.status >= 400 || !scope.wrote) throw new Unkept(response);
      const body = new Uint8Array(await response.arrayBuffer());
      const kept = scope.answerHoldsSecret
        ? secretWithheld()
        : new Response(NO_BODY.has(response.status) ? null : body, response);
      await storeIdempotentAnswer(tx, userId, key, {
        fingerprint,
        status: kept.status,
        headers: [...kept.headers].filter(([name]) => !SENDING_HEADERS.has(name)),
        body: new Uint8Array(await kept.arrayBuffer()),
      });
      // The client gave up meanwhile: roll back rather than commit a write nobody will hear of.
      if (scope.signal.aborted) throw new RequestAborted();
      return new Response(NO_BODY.has(response.status) ? null : body, {
        status: response.status,
        headers: response.headers,
      });
    });
  } catch (error) {
    if (error instanceof Unkept) return error.response;
    throw error;
  }
}

function replay(stored: StoredAnswer) {
  const headers = new Headers(stored.headers);
  headers.set("Idempotent-Replayed", "true");
  return new Response(NO_BODY.has(stored.status) ? null : Buffer.from(stored.body), {
    status: stored.status,
    headers,
  });
}

function jsonAnswer(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

const keyReused = () => jsonAnswer(422, `This ${IDEMPOTENCY_HEADER} was already used for another request`);

/** What a retry of a write whose answer held a secret (a new API token) is told instead of the secret. */
const secretWithheld = () =>
  jsonAnswer(
    409,
    "This request was already carried out; its answer held a secret that is shown only once. Revoke what it made if the answer was lost, and make another.",
  );

const stillRunning = () =>
  jsonAnswer(409, `A request with this ${IDEMPOTENCY_HEADER} is still being processed`, {
    "Retry-After": "1",
  });
