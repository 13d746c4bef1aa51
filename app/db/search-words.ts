/**
 * What the whole-word index (sql/00023_search_words.sql: every suffix of each run of letters and of digits,
 * lower-cased, with the division, tab and company runs as marked lexemes) is asked for a search
 * (docs/decisions/030-global-search.md).
 *
 * A search of letters alone or digits alone (`smith`, `4821`) is held by a field exactly when some run of it
 * contains the search, that is when some indexed suffix starts with it: the prefix query answers the
 * substring search with no check (`exact`). Any other search gives its longest plain run of three or more
 * characters, and the caller checks the whole search on the rows found; with none, null.
 */
export type WordQuery = { run: string; exact: boolean };

const MIN_RUN = 3;

export function wordQuery(search: string | undefined | null): WordQuery | null {
  const text = search?.trim() ?? "";
  const runs = (text.match(/[A-Za-z]+|[0-9]+/g) ?? []).filter((run) => run.length >= MIN_RUN);
  if (runs.length === 0) return null;
  const longest = runs.reduce((long, run) => (run.length > long.length ? run : long));
  return { run: longest.toLowerCase(), exact: /^(?:[A-Za-z]+|[0-9]+)$/.test(text) };
}

/**
 * Whether a count of the search reads the whole-word index alone (division and tab among its lexemes): for
 * an exact search of five or more characters. A shorter prefix ('ash':*) is the start of so many lexemes
 * that gathering their rows cost more than the trigram index and the table.
 */
export function countsByWords(query: WordQuery | null): query is WordQuery {
  return Boolean(query?.exact && query.run.length >= 5);
}

/** Marked lexemes of the index: the division and the tab (`#tss`, `#active`). */
export function divisionLexeme(division: string) {
  return `#${division.toLowerCase()}`;
}
export function tabLexeme(archived: boolean) {
  return archived ? "#archived" : "#active";
}

/**
 * The tsquery text: the run as a prefix (`'smith':*`), in the company alone with `companyOnly`, and each
 * marked lexeme of `scope`. Runs and lexemes are plain letters, digits and '#', so quoting is safe.
 */
export function tsqueryText(words: WordQuery, scope: string[], { companyOnly = false } = {}) {
  const run = `'${companyOnly ? "~" : ""}${words.run}':*`;
  return [...scope.map((lexeme) => `'${lexeme}'`), run].join(" & ");
}
