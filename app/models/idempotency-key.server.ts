import type { Tx } from "~/db/db.server";
import { db } from "~/db/db.server";

/**
 * The answers of writes sent with an Idempotency-Key (sql/00015_idempotency_keys.sql), kept 24 hours
 * (docs/decisions/024-idempotency-keys.md). Every function runs in the caller's transaction, the one the
 * write itself runs in.
 */

export type StoredAnswer = {
  fingerprint: string;
  status: number;
  headers: [string, string][];
  body: Uint8Array;
};

/** How long a key is remembered (the IETF draft's suggestion, and what docs/api.md promises). */
const KEPT_HOURS = 24;

/**
 * Waits until no other request of the user holds the key (a concurrent retry), then answers what is stored
 * under it, if anything younger than 24 hours. The advisory lock is held until the caller's transaction ends,
 * so a retry sent while the first request still runs waits for its answer and then gives it again.
 */
export async function claimIdempotencyKey(tx: Tx, userId: string, key: string): Promise<StoredAnswer | null> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`idempotency:${userId}:${key}`}, 0))`;
  const [stored] = await tx<StoredAnswer[]>`
    select fingerprint, status, headers, body from idempotency_keys
     where user_id = ${userId} and key = ${key} and created_at > now() - ${KEPT_HOURS} * interval '1 hour'`;
  return stored ?? null;
}

/** Stores a write's answer under its key (replacing an expired one), in the write's transaction. */
export async function storeIdempotentAnswer(tx: Tx, userId: string, key: string, answer: StoredAnswer) {
  await tx`
    insert into idempotency_keys (user_id, key, fingerprint, status, headers, body)
    values (${userId}, ${key}, ${answer.fingerprint}, ${answer.status}, ${tx.json(answer.headers)},
            ${answer.body})
    on conflict (user_id, key) do update
      set fingerprint = excluded.fingerprint, status = excluded.status, headers = excluded.headers,
          body = excluded.body, created_at = now()`;
}

/** Forgets keys past their 24 hours (run by the app's maintenance, hourly). */
export async function sweepIdempotencyKeys() {
  const sql = await db();
  await sql`delete from idempotency_keys where created_at < now() - ${KEPT_HOURS} * interval '1 hour'`;
}
