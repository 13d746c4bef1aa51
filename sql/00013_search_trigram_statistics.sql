-- How common each trigram of the lead and contact search texts is, for choosing what to give their trigram
-- indexes (sql/00010, sql/00011; docs/decisions/020-search-probes.md). ANALYZE, autovacuum's included, lists
-- the most common elements of each expression and the share of rows holding each (pg_stats_ext_exprs). The
-- expressions are the indexes' texts cut into trigrams as pg_trgm cuts them; no plan reads these statistics.
--
-- A trigram index intersects every trigram of a search, and one that a fifth of the rows hold costs time for
-- each candidate row. A whole company name at a million leads has a dozen trigrams, half of them that common:
-- its search took 9 ms of index work, and 1.7 ms given its two rarest parts with the whole name checked on
-- the rows they found.
create statistics leads_search_trigrams
  on (show_trgm(lower(first_name || E'\n' || last_name || E'\n' || email || E'\n' || company)))
  from leads;
create statistics contacts_search_trigrams
  on (show_trgm(lower(first_name || E'\n' || last_name || E'\n' || coalesce(email, '') || E'\n' || company)))
  from contacts;
analyze leads, contacts;
