/**
 * How common each trigram of a search text is: the share of rows holding it, for the trigrams PostgreSQL
 * lists as most common, and `floor`, the share below which it lists none (sql/00013_search_trigram_statistics.sql).
 */
export type TrigramShares = { shares: ReadonlyMap<string, number>; floor: number };

/** A trigram in fewer rows than this is cheap for a trigram index to check candidates against. */
const RARE_SHARE = 0.01;
/** Probes estimated to leave this share of rows (100 in a million) or fewer are selective enough. */
const SELECTIVE_SHARE = 1e-4;
const PLAIN_TRIGRAM = /^[A-Za-z0-9]{3}$/;

/**
 * The three-letter parts of a search to give the trigram index instead of the whole search, or null when the
 * whole search is the better probe (docs/decisions/020-search-probes.md). Any row holding the search holds
 * each part, so the caller still checks the whole search on the rows they find.
 *
 * The index intersects every trigram of what it is given, and one that a fifth of the rows share costs time
 * for each candidate row however rare the others are. So the rarest parts are taken first, and parts that
 * share no letter with one already taken (overlapping ones tell little more); common ones only while the
 * estimate is not yet selective. Only parts of plain letters and digits are taken, as they are written (the
 * database lowers them as it lowers the search): pg_trgm reads each as one trigram in every collation.
 */
export function trigramProbes(search: string, stats: TrigramShares | null): string[] | null {
  if (!stats) return null;
  const parts: { at: number; part: string; share: number }[] = [];
  for (let at = 0; at + 3 <= search.length; at++) {
    const part = search.slice(at, at + 3);
    if (PLAIN_TRIGRAM.test(part))
      parts.push({ at, part, share: stats.shares.get(part.toLowerCase()) ?? stats.floor });
  }
  parts.sort((a, b) => a.share - b.share || a.at - b.at);
  const taken: typeof parts = [];
  let estimate = 1;
  for (const part of parts) {
    if (part.share > RARE_SHARE && estimate <= SELECTIVE_SHARE) break;
    if (taken.some(({ at }) => Math.abs(at - part.at) < 3)) continue;
    taken.push(part);
    estimate *= part.share;
  }
  if (taken.length === 0 || estimate > SELECTIVE_SHARE) return null;
  return taken.sort((a, b) => a.at - b.at).map(({ part }) => part);
}
