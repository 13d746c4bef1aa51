/**
 * A queue that lets at most `slots` pieces of heavy work run at once; the rest wait their turn, first come
 * first served. Light work does not pass through it, so it never waits behind more than `slots` heavy ones.
 * `pauseMs` holds a freed slot that long before the next one takes it, so light work that needs a few turns
 * of the event loop gets them (the embedded database runs in this process and blocks it while it works).
 */
export function workQueue(slots: () => number, pauseMs: () => number = () => 0) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running < slots()) running++;
    // The slot is handed over by the one that finishes, so `running` stays counted.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (!next) running--;
      else if (pauseMs() > 0) setTimeout(next, pauseMs());
      else next();
    }
  };
}
