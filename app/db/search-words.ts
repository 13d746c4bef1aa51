/**
 * What the whole-word index (sql/00023_search_words.sql: every suffix of each run of letters and of digits,
 * lower-cased, with the division, tab and company runs as marked lexemes) is asked for a search.
 *
 * A search of letters alone or digits alone (`smith`, `4821`) is held by a field exactly when some run of it
 * contains the search, that is when some indexed suffix starts with it: the prefix query answers the
 * substring search with no check (`exact`). Any other search gives its two longest plain runs of three or
 * more characters (shorter prefixes match too many lexemes to be worth reading), and the caller checks the
 * whole search on the rows found; with none, null (the trigram index answers, as before).
 */
export type WordQuery = { runs: string[]; exact: boolean };

const MIN_RUN = 3;
const RUNS_GIVEN = 2;

export function wordQuery(search: string | undefined | null): WordQuery | null {
  const text = search?.trim() ?? "";
  const exact = /^(?:[A-Za-z]+|[0-9]+)$/.test(text);
  const runs = (text.match(/[A-Za-z]+|[0-9]+/g) ?? [])
    .map((run) => run.toLowerCase())
    .filter((run) => run.length >= MIN_RUN);
  if (runs.length === 0) return null;
  return { runs: exact ? runs : [...runs].sort((a, b) => b.length - a.length).slice(0, RUNS_GIVEN), exact };
}

/** Marked lexemes of the index: the division and the tab (`#tss`, `#active`). */
export function divisionLexeme(division: string) {
  return `#${division.toLowerCase()}`;
}
export function tabLexeme(archived: boolean) {
  return archived ? "#archived" : "#active";
}

/**
 * The tsquery text: each run as a prefix (`'smith':*`), on the company's runs alone with `companyOnly`,
 * and each marked lexeme of `scope`. Runs and lexemes are plain letters, digits and '#', so quoting is safe.
 */
export function tsqueryText(words: WordQuery, scope: string[], { companyOnly = false } = {}) {
  const runs = words.runs.map((run) => `'${companyOnly ? "~" : ""}${run}':*`);
  return [...scope.map((lexeme) => `'${lexeme}'`), ...runs].join(" & ");
}
