import { db } from "~/db/db.server";

/**
 * How often each process folds. Readers sum the deltas written since the last fold, so this bounds their
 * number by a few seconds of writes (docs/decisions/021-kept-count-deltas.md).
 */
export const FOLD_EVERY_MS = 5_000;

/**
 * Moves the committed deltas of the kept counts into the kept tables (fold_kept_counts, sql/00014). False
 * when another fold, in this process or another instance, is at it: that one does the work.
 */
export async function foldKeptCounts(): Promise<boolean> {
  const sql = await db();
  const [{ folded }] = await sql<{ folded: boolean }[]>`select fold_kept_counts() as folded`;
  return folded;
}
