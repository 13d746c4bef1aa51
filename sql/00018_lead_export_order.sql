-- The CSV export reads a division's leads oldest first, a batch at a time, each batch starting after the
-- last lead of the one before (docs/decisions/004-lists.md): an index in exactly that order, ties by id,
-- lets every batch start where the last one stopped. It replaces the index on the creation date alone.
create index leads_division_created_id_idx on leads (company_division, created_at, id);
drop index leads_division_created_idx;
