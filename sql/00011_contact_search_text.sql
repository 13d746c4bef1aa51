-- The contact search in the lead search's shape (sql/00010_lead_search_text.sql): its trigram index on the
-- fields lower-cased and apart by line breaks, so that one LIKE on that expression is the search, where it
-- checked up to five ILIKEs per suggested row (the fields joined by spaces, then each field, so that a match
-- could not run from one field into the next). A search with a line break of its own is checked field by field
-- as well (models/contact.server.ts, contactFilter).
create index contacts_search_lower_trgm_idx on contacts
  using gin (lower(first_name || E'\n' || last_name || E'\n' || coalesce(email, '') || E'\n' || company) gin_trgm_ops);
drop index contacts_search_trgm_idx;

-- As sql/00008 set it for the old expression.
alter index contacts_search_lower_trgm_idx alter column 1 set statistics 1000;
analyze contacts;
