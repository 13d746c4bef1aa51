-- The whole-word index beside the trigram one (sql/00010, sql/00011), for the lead and contact searches and the
-- global search (docs/decisions/030-global-search.md).
--
-- search_words gives, for each run of letters and each run of digits of the lower-cased fields, every suffix
-- of it ('smith' gives smith, mith, ith, th, h), so that a search of letters alone or digits alone is held by a
-- field exactly when some lexeme starts with it: the prefix query 'smith':* answers the substring search,
-- with no check on the row. The company's runs come again marked '~' (the global search's companies), and
-- the division and the tab as '#tss' / '#nlh' and '#active' / '#archived', so that a count of a one-word
-- search needs no table row at all (a bitmap scan skips the pages the visibility map says are all visible).
-- A search of several runs ('james.smith', 'smith12@') gives its runs to the index and is checked whole on
-- the rows found. array_to_tsvector drops the repeated lexemes. The cost is set high: computed on a row it
-- is dear (about 0.1 ms), so a plan should read it from the index, not compute it on each row of a walk in
-- another index's order.
create function search_words(division text, archived boolean, fields text, company text)
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

create index leads_search_words_idx on leads using gin (
  search_words(company_division, is_archived,
               first_name || E'\n' || last_name || E'\n' || email || E'\n' || company, company));
create index contacts_search_words_idx on contacts using gin (
  search_words(company_division, null,
               first_name || E'\n' || last_name || E'\n' || coalesce(email, '') || E'\n' || company, company));
analyze leads, contacts;
