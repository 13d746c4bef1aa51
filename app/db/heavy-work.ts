/**
 * A queue that lets at most `slots` pieces of heavy work run at once; the rest wait their turn, first come
 * first served. Light work does not pass through it, so it never waits behind more than `slots` heavy ones.
 * `pauseMs` holds a freed slot that long before the next one takes it, so light work that needs a few turns
 * of the event loop gets them (the embedded database runs in this process and blocks it while it works).
 * Work whose `signal` aborts while it waits leaves the queue at once, rejected with the signal's reason
 * (a client that went away does not keep its place).
 */
export function workQueue(slots: () => number, pauseMs: () => number = () => 0) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const handOver = () => {
    const next = waiting.shift();
    if (!next) running--;
    else if (pauseMs() > 0) setTimeout(next, pauseMs());
    else next();
  };
  const waitForSlot = (signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      const take = () => {
        signal?.removeEventListener("abort", leave);
        if (!signal?.aborted) return resolve();
        handOver(); // aborted while the slot was on its way: it goes to the next
        reject(signal.reason);
      };
      const leave = () => {
        const at = waiting.indexOf(take);
        if (at < 0) return; // the slot is on its way: `take` passes it on
        waiting.splice(at, 1);
        reject(signal!.reason);
      };
      waiting.push(take);
      signal?.addEventListener("abort", leave, { once: true });
    });
  return async function run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (running < slots()) running++;
    // The slot is handed over by the one that finishes, so `running` stays counted.
    else await waitForSlot(signal);
    try {
      return await work();
    } finally {
      handOver();
    }
  };
}
