-- The whole-word index beside the trigram one (sql/00010, sql/00011): it counts one-word searches and finds
-- the global search's companies (docs/decisions/030-global-search.md).
--
-- search_words gives, for each run of letters and each run of digits of the lower-cased fields, every suffix
-- of it ('smith' gives smith, mith, ith, th, h), so that a search of letters alone or digits alone is held by a
-- field exactly when some lexeme starts with it: the prefix query 'smith':* answers the substring search,
-- with no check on the row. The company's runs come again marked '~' (the companies), and the division and
-- the tab as '#tss' / '#nlh' and '#active' / '#archived', so that the index alone picks a count's rows. A
-- search of several runs ('james.smith', 'smith12@') gives the index its longest run and is checked whole on
-- the rows found. array_to_tsvector drops the repeated lexemes. Computed on a row it is dear (about 0.1 ms),
-- hence its cost; the queries are written so that no plan computes it row by row.
--
-- Building the two indexes at a million leads takes minutes, and migrations run at start: a large
-- installation builds them beforehand with `create index concurrently` under these names and definitions
-- (the function first), which is why this file replaces the function and skips an index already there.
create or replace function search_words(division text, archived boolean, fields text, company text)
  returns tsvector language sql immutable parallel safe cost 1000 as $$
  select array_to_tsvector(array(
    select '#' || lower(division)
    union all select case when archived then '#archived' else '#active' end where archived is not null
    union all select substr(run, i)
      from regexp_split_to_table(lower(fields), '[^a-z0-9]+|(?<=[a-z])(?=[0-9])|(?<=[0-9])(?=[a-z])') run,
           generate_series(1, length(run)) i
    union all select '~' || substr(run, i)
      from regexp_split_to_table(lower(company), '[^a-z0-9]+|(?<=[a-z])(?=[0-9])|(?<=[0-9])(?=[a-z])') run,
           generate_series(1, length(run)) i))
$$;

create index if not exists leads_search_words_idx on leads using gin (
  search_words(company_division, is_archived,
               first_name || E'\n' || last_name || E'\n' || email || E'\n' || company, company));
create index if not exists contacts_search_words_idx on contacts using gin (
  search_words(company_division, null,
               first_name || E'\n' || last_name || E'\n' || coalesce(email, '') || E'\n' || company, company));
analyze leads, contacts;
