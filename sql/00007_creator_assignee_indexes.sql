-- Indexes by creator and assignee that answer from the index alone (models/lead.server.ts; npm run bench at a
-- million leads). The leading column still serves the foreign keys' lookups.
--  - "My Leads Only" counts the leads a user created plus those assigned to them that someone else created:
--    through the old one-column indexes that read every such lead's row, 120-250 ms for a user with 26,000.
--  - The list sorted by owner walks the users in name order and each one's leads by id (listLeadPage), where
--    it sorted the whole division before (0.5 s).
drop index leads_created_by_idx;
create index leads_created_by_idx on leads (created_by, company_division, is_archived, id) include (status);
drop index leads_assigned_to_idx;
create index leads_assigned_to_idx on leads (assigned_to, company_division, is_archived, status, created_by);
