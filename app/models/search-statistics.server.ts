import { db } from "~/db/db.server";
import { trigramProbes, type TrigramShares } from "~/db/trigram-probes";

/** A search text with trigram statistics of its own (sql/00013_search_trigram_statistics.sql). */
export type SearchText = "leads" | "contacts";

const STATISTICS: Record<SearchText, string> = {
  leads: "leads_search_trigrams",
  contacts: "contacts_search_trigrams",
};

/** How long a process uses what it read; ANALYZE (autovacuum's, after a tenth of a table changed) is rarer. */
const KEEP_MS = 10 * 60_000;

const kept = new Map<SearchText, { shares: TrigramShares | null; readAt: number }>();
const reading = new Map<SearchText, Promise<TrigramShares | null>>();

/**
 * The parts of `search` to give the search text's trigram index, or null for the whole search (see
 * trigramProbes). Until this process has read the statistics, and when there are none, the whole search.
 */
export function searchProbes(text: SearchText, search: string): string[] | null {
  const entry = kept.get(text);
  if (!entry || Date.now() - entry.readAt > KEEP_MS) void readSearchStatistics(text);
  return trigramProbes(search.trim(), entry?.shares ?? null);
}

/**
 * Reads a search text's trigram statistics now and keeps them: PostgreSQL's most common trigrams and the
 * share of rows holding each, the least of which bounds the trigrams it leaves out. None before the table's
 * first ANALYZE. A failed read keeps what was there until the next try, KEEP_MS later.
 */
export function readSearchStatistics(text: SearchText): Promise<TrigramShares | null> {
  const pending =
    reading.get(text) ??
    read(text)
      .catch(() => kept.get(text)?.shares ?? null)
      .then((shares) => {
        kept.set(text, { shares, readAt: Date.now() });
        reading.delete(text);
        return shares;
      });
  reading.set(text, pending);
  return pending;
}

async function read(text: SearchText): Promise<TrigramShares | null> {
  const sql = await db();
  // most_common_elem_freqs lists one share per trigram, then their least and greatest and the share of nulls.
  const [row] = await sql<{ trigrams: string[] | null; shares: number[] | null }[]>`
    select most_common_elems::text::text[] as trigrams, most_common_elem_freqs as shares
      from pg_stats_ext_exprs where statistics_name = ${STATISTICS[text]}`;
  if (!row?.trigrams || !row.shares) return null;
  const { trigrams, shares } = row;
  return {
    shares: new Map(trigrams.map((trigram, i) => [trigram, shares[i]])),
    floor: shares[trigrams.length],
  };
}
