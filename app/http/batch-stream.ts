/**
 * A response body written as a list's batches are read (docs/decisions/004-lists.md): `head`, then each batch
 * as `write` renders it, then `tail`. It reads the next batch only when the client has taken the last one
 * (server.ts writes with backpressure). When the client goes away (`signal`), or stops reading, the batches
 * are ended: a batch in flight is cancelled with its request, and no more are read.
 *
 * The first batch is read before the answer starts: a query the database refuses (a forged cursor whose key it
 * cannot read as its type) then fails while the request can still be answered 400, not as a 200 cut short.
 * A batch that fails later (the user was deactivated meanwhile: db/keyset.server.ts) errors the body, and
 * the client sees the answer cut off rather than an end that looks complete.
 */
export async function batchStream<T>(
  batches: AsyncIterable<T[]>,
  {
    head = "",
    tail = "",
    write,
    signal,
  }: {
    head?: string;
    tail?: string;
    write: (batch: T[], first: boolean) => string;
    signal?: AbortSignal;
  },
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let inFlight: Promise<IteratorResult<T[]>> | null = iterator.next();
  await inFlight;
  let ended = false;
  let first = true;
  const end = async () => {
    if (ended) return;
    ended = true;
    signal?.removeEventListener("abort", onAbort);
    await inFlight?.catch(() => {});
    await iterator.return?.();
  };
  // The client may go away before the body is read at all (the router then never hands the body on), or
  // between two reads: the batches end either way.
  const onAbort = () => void end().catch(() => {});
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (head) controller.enqueue(encoder.encode(head));
      },
      async pull(controller) {
        // The first pull takes the batch already read.
        inFlight ??= iterator.next();
        let result: IteratorResult<T[]>;
        try {
          result = await inFlight;
        } catch (error) {
          ended = true;
          signal?.removeEventListener("abort", onAbort);
          throw error;
        }
        inFlight = null;
        if (ended) return;
        if (result.done) {
          ended = true;
          signal?.removeEventListener("abort", onAbort);
          if (tail) controller.enqueue(encoder.encode(tail));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(write(result.value, first)));
        first = false;
      },
      cancel: end,
    },
    // Nothing is read ahead of the client: a client that never reads costs no further batch.
    { highWaterMark: 0 },
  );
}
