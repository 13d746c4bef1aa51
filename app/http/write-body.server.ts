import type { ServerResponse } from "node:http";
import { STREAM_STALL_MS } from "~/db/wait-limits";

/**
 * Writes a Fetch Response's body to Node's response, and says whether the client took all of it.
 * - A body of one chunk (a JSON answer) goes out in one write, with its Content-Length.
 * - A longer one (a page, a streamed list, an export) is written only as fast as the client reads it, so
 *   memory stays flat.
 * - A client that goes away cancels the body, which stops whatever produces it (a query, React's render).
 * - A client that takes nothing for `stallMs` (a reader that stopped reading) is cut off, and the body
 *   cancelled: it holds no socket, buffer or stream slot for longer (docs/security.md "Limits").
 * A plain loop, not Readable.fromWeb and stream.pipeline: their stream pair, AbortController and
 * DOMException per answer were costly even for a small JSON answer (docs/scaling.md "Where a request's
 * time goes"). A read is never raced against the close: every race left pending on the close would keep
 * its chunk until the answer ends (a long streamed list grew the app with every chunk). A body that fails
 * rejects, as pipeline did.
 */
export async function writeBody(
  body: ReadableStream<Uint8Array>,
  res: ServerResponse,
  stallMs = STREAM_STALL_MS,
): Promise<boolean> {
  const reader = body.getReader();
  if (res.destroyed) {
    // Gone before the answer was ready: its close has passed, so nothing below would notice.
    reader.cancel().catch(() => {});
    return false;
  }
  let gone = false;
  let wake: (() => void) | null = null;
  res.once("close", () => {
    if (res.writableFinished) return;
    gone = true;
    reader.cancel().catch(() => {}); // a read in progress ends at once, done
    wake?.();
  });
  // One drain listener for the whole answer: the compression middleware moves it to its own stream, where
  // res.removeListener could not take it off again.
  let listening = false;
  const drained = () =>
    new Promise<void>((resolve) => {
      const stalled = setTimeout(() => res.destroy(), stallMs);
      wake = () => {
        clearTimeout(stalled);
        resolve();
      };
      if (listening) return;
      listening = true;
      res.on("drain", () => wake?.());
    });

  let pending = await reader.read();
  if (gone) return false;
  if (pending.done) {
    res.end();
    return true;
  }
  let next = await reader.read();
  if (gone) return false;
  if (next.done) {
    if (!res.headersSent) res.setHeader("Content-Length", pending.value.byteLength);
    res.end(pending.value);
    return true;
  }
  for (;;) {
    if (!res.write(pending.value)) {
      await drained();
      if (gone) return false;
    }
    if (next.done) {
      res.end();
      return true;
    }
    pending = next;
    next = await reader.read();
    if (gone) return false;
  }
}
