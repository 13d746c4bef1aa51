import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's baseline.
export function hashPassword(password: string) {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a hash. With no hash (unknown user, or no password set) it still runs a full
 * verification against a dummy hash, so the answer takes as long and reveals nothing.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) {
    dummyHash ??= hash("not-a-real-password-but-the-same-cost");
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed hash never signs anyone in
  }
}
