import { busy } from "~/utils/errors";

/**
 * Streamed answers (whole lists, exports) each user may have open at once in this process, all their
 * sessions and tokens together (docs/security.md "Limits"). A stream holds no database connection between
 * its batches, but it holds a socket, buffers and a share of the batch queue: one user's scripts cannot take
 * them all. Past the cap the answer is 429 with Retry-After.
 */
export const STREAMS_PER_USER = 3;

const open = new Map<string, number>();

/** Counts a stream for `userId` until the returned function is called (once; later calls do nothing). */
export function openStream(userId: string): () => void {
  const count = open.get(userId) ?? 0;
  if (count >= STREAMS_PER_USER) {
    throw busy(`At most ${STREAMS_PER_USER} lists or exports may be streamed at once. Try again shortly.`);
  }
  open.set(userId, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (open.get(userId) ?? 1) - 1;
    if (left > 0) open.set(userId, left);
    else open.delete(userId);
  };
}
