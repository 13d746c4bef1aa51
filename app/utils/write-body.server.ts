import type { ServerResponse } from "node:http";

/**
 * Writes a Fetch Response's body to Node's response, and says whether the client took all of it.
 * - A body of one chunk (a JSON answer) goes out in one write, with its Content-Length.
 * - A longer one (a page, a streamed list, an export) is written only as fast as the client reads it, so
 *   memory stays flat.
 * - A client that goes away cancels the body, which stops whatever produces it (a query, React's render).
 * A plain loop, not Readable.fromWeb and stream.pipeline: their stream pair, AbortController and
 * DOMException per answer were a tenth of a small JSON answer's CPU (docs/scaling.md "Where a request's
 * time goes"). A body that fails rejects, as pipeline did.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: ServerResponse): Promise<boolean> {
  const reader = body.getReader();
  const closed = new Promise<"closed">((resolve) => res.once("close", () => resolve("closed")));
  const read = () => Promise.race([reader.read(), closed]);
  let finished = false;
  try {
    let pending = await read();
    if (pending === "closed") return false;
    if (pending.done) {
      res.end();
      return (finished = true);
    }
    let next = await read();
    if (next === "closed") return false;
    if (next.done) {
      if (!res.headersSent) res.setHeader("Content-Length", pending.value.byteLength);
      res.end(pending.value);
      return (finished = true);
    }
    for (;;) {
      if (!res.write(pending.value)) {
        const drained = new Promise<"drained">((resolve) => res.once("drain", () => resolve("drained")));
        if ((await Promise.race([drained, closed])) === "closed") return false;
      }
      if (next.done) {
        res.end();
        return (finished = true);
      }
      pending = next;
      next = await read();
      if (next === "closed") return false;
    }
  } catch (error) {
    finished = true; // the body failed: it is not there to cancel
    throw error;
  } finally {
    if (!finished) reader.cancel().catch(() => {});
  }
}
