import type postgres from "postgres";
import type { Sql, Tx } from "./db.server";
import { tsqueryText, type WordQuery } from "./search-words";

/**
 * Rows where one of `fields` contains the search (`pattern`, from containsPattern), any case: one LIKE on
 * `text`, those fields lower-cased and apart by line breaks, which a trigram index covers (sql/00010 for
 * leads, sql/00011 for contacts). A search without a line break of its own cannot match across the breaks;
 * the rare one with a line break is checked field by field as well.
 *
 * With `probes` (parts of the search in its order, none overlapping, from trigramProbes) the index is given
 * one pattern of those alone, and the whole search is checked on the rows it finds in a form no index serves
 * (`is true`), so that the index does not intersect the search's common trigrams as well
 * (docs/decisions/020-search-probes.md).
 */
export function fieldsContain(
  sql: Sql | Tx,
  text: postgres.Fragment,
  fields: postgres.Fragment[],
  pattern: string,
  probes: string[] | null = null,
): postgres.Fragment {
  const candidates = sql`${text} like lower(${trigramPattern(pattern, probes)})`;
  const whole = probes?.length ? sql`${candidates} and (${text} like lower(${pattern})) is true` : candidates;
  if (!pattern.includes("\n")) return whole;
  const eachField = fields
    .map((field) => sql`${field} ilike ${pattern}`)
    .reduce((either, next) => sql`${either} or ${next}`);
  return sql`${whole} and (${eachField})`;
}

/** What a trigram index is given for a search: its probes, in its order, as one pattern; else the search itself. */
export function trigramPattern(pattern: string, probes: string[] | null) {
  return probes?.length ? `%${probes.join("%")}%` : pattern;
}

/**
 * Rows whose whole-word index (`index`, sql/00023_search_words.sql) holds the run of `query` (with
 * `companyOnly`, in the company) and each marked lexeme of `scope` (db/search-words.ts).
 */
export function wordsMatch(
  sql: Sql | Tx,
  index: postgres.Fragment,
  query: WordQuery,
  scope: string[] = [],
  { companyOnly = false } = {},
): postgres.Fragment {
  return sql`${index} @@ ${tsqueryText(query, scope, { companyOnly })}::tsquery`;
}
