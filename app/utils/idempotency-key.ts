/**
 * Idempotency-Key, as the browser and the server both name it (docs/decisions/024-idempotency-keys.md): the
 * JSON API's header, and the hidden field a page's form carries its key in.
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_FIELD = "idempotencyKey";

/**
 * A new random key (128 bits, hex). From getRandomValues, which a page served over plain HTTP has too
 * (randomUUID is for secure contexts only).
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}
