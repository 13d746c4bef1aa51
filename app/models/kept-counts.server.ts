import { isDatabaseUnreachable } from "~/utils/db-errors";
import { db } from "~/utils/db.server";

/**
 * How often each process folds. Readers sum the deltas written since the last fold, so this bounds their
 * number by a few seconds of writes (docs/decisions/021-kept-count-deltas.md).
 */
const FOLD_EVERY_MS = 5_000;

/**
 * Moves the committed deltas of the kept counts into the kept tables (fold_kept_counts, sql/00014). False
 * when another fold, in this process or another instance, is at it: that one does the work.
 */
export async function foldKeptCounts(): Promise<boolean> {
  const sql = await db();
  const [{ folded }] = await sql<{ folded: boolean }[]>`select fold_kept_counts() as folded`;
  return folded;
}

/**
 * Folds now (the deltas a bulk load or a stopped instance left) and then every FOLD_EVERY_MS, one fold at a
 * time, until the answer is called. A fold that fails leaves its deltas for the next: readers still sum them.
 * The timer does not keep the process alive.
 */
export function keepFoldingKeptCounts(): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const turn = () => {
    foldKeptCounts()
      .catch((error: unknown) => {
        // An outage is reported by the requests that meet it (db-availability.server.ts); anything else is news.
        if (!isDatabaseUnreachable(error)) console.error("Folding the kept counts failed:", error);
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(turn, FOLD_EVERY_MS).unref();
      });
  };
  turn();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
