-- The lead search's trigram index, on the lower-cased fields apart by line breaks, so that one LIKE on that
-- expression is the search (CONTRACT.md: a substring of first name, last name, e-mail or company, any case).
--
-- ILIKE lower-cases both sides of every row it checks, and the search checked up to five per row: the
-- expression the index covered, then each field, so that a match could not run from one field into the next.
-- A trigram index only suggests rows, so every suggested row is checked. A search without a line break of its
-- own cannot match across the ones between the fields; one with a line break is checked field by field as
-- well (models/lead.server.ts, searchFilter). At a million leads, a searched first page and its count went
-- from 42 to 37 ms for a fragment of a common surname (6,900 matches) and from 470 to 410 ms for a
-- three-letter fragment (68,000).
--
-- An index on the expression rather than a kept column of it: the column made the table a third larger
-- (225 to 310 MB at a million leads), and every read of whole rows paid for that.
create index leads_search_lower_trgm_idx on leads
  using gin (lower(first_name || E'\n' || last_name || E'\n' || email || E'\n' || company) gin_trgm_ops);
drop index leads_search_trgm_idx;

-- As sql/00008 set it for the old expression: a fragment of a common surname needs the finer statistics for
-- the planner to take the trigram index.
alter index leads_search_lower_trgm_idx alter column 1 set statistics 1000;
analyze leads;
