import crypto from "node:crypto";

/**
 * A fresh nonce for each answer's CSP (server.ts): 16 random bytes drawn from a pool filled 256 nonces at a
 * time. One `randomBytes` call per request showed in a JSON answer's time (a CPU profile of the
 * dashboard's stats call under load).
 */
const pool = Buffer.alloc(16 * 256);
let offset = pool.length;

export function newNonce() {
  if (offset === pool.length) {
    crypto.randomFillSync(pool);
    offset = 0;
  }
  offset += 16;
  return pool.toString("base64", offset - 16, offset);
}
