-- A lead's searchable text, kept lower-cased with its fields apart by line breaks, so that one LIKE on it is the
-- lead search (CONTRACT.md: a substring of first name, last name, e-mail or company, any case), and the trigram
-- index covers that column instead of an expression.
--
-- ILIKE lower-cases both sides of every row it checks, and the search checked five per row: the expression
-- the index covered, then each field, so that a match could not run from one field into the next. A trigram
-- index only suggests rows, so every suggested row is checked: per row, that took four times as long as one
-- LIKE on this column. A search without a line break of its own cannot match across the ones between the
-- fields; one with a line break is checked field by field as well (models/lead.server.ts). A searched first page and its count at
-- a million leads, before and after: a fragment of a common surname (6,900 matches) 42 ms and 28 ms, a
-- common surname 44 and 30 ms, a three-letter fragment (68,000) 470 and 390 ms, a two-letter one (127,000)
-- 750 and 470 ms.
--
-- Adding the column rewrites the table and its indexes, and holds the table while it does.
alter table leads add column search_text text generated always as
  (lower(first_name || E'\n' || last_name || E'\n' || email || E'\n' || company)) stored;

create index leads_search_text_trgm_idx on leads using gin (search_text gin_trgm_ops);
drop index leads_search_trgm_idx;

-- As sql/00008 set it for the expression: a fragment of a common surname needs the finer statistics for the
-- planner to take the trigram index.
alter table leads alter column search_text set statistics 1000;
analyze leads (search_text);
