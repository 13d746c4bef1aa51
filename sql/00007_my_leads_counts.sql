-- "My Leads Only" counted from indexes alone (models/lead.server.ts, countLeads): the leads a user created,
-- plus those assigned to them that someone else created. Counting through the old one-column indexes read
-- every such lead's row: 120-250 ms for a user with 26,000 leads at a million (npm run bench). The leading
-- column still serves the foreign keys' lookups.
drop index leads_created_by_idx;
create index leads_created_by_idx on leads (created_by, company_division, is_archived, status);
drop index leads_assigned_to_idx;
create index leads_assigned_to_idx on leads (assigned_to, company_division, is_archived, status, created_by);
