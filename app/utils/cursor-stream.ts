/**
 * A response body written as a database cursor reads (docs/decisions/004-lists.md): `head`, then each batch as
 * `write` renders it, then `tail`. It reads the next batch only when the client has taken the last one
 * (server.ts pipes with backpressure). A client that goes away closes the cursor, which can close
 * only between batches, so a cancel first waits for the batch in flight.
 *
 * The first batch is read before the answer starts: a query the database refuses (a forged cursor whose key it
 * cannot read as its type) then fails while the request can still be answered 400, not as a 200 cut short.
 */
export async function cursorStream<T>(
  batches: AsyncIterable<T[]>,
  {
    head = "",
    tail = "",
    write,
  }: { head?: string; tail?: string; write: (batch: T[], first: boolean) => string },
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let inFlight: Promise<IteratorResult<T[]>> | null = iterator.next();
  await inFlight;
  let cancelled = false;
  let first = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (head) controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      // The first pull takes the batch already read.
      inFlight ??= iterator.next();
      const { done, value } = await inFlight;
      inFlight = null;
      if (cancelled) return;
      if (done) {
        if (tail) controller.enqueue(encoder.encode(tail));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(write(value, first)));
      first = false;
    },
    async cancel() {
      cancelled = true;
      await inFlight?.catch(() => {});
      await iterator.return?.();
    },
  });
}
