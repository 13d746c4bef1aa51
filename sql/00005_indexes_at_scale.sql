-- Indexes that fit queries found reading a whole table at a million leads (npm run bench; docs/scaling.md).

-- A new lead takes the division's contact with its e-mail as its main contact (models/lead.server.ts,
-- mainContactFor), comparing lower(btrim(email)), which the old index did not hold: every create read the
-- whole contacts table (186 ms at 500,000 contacts). Nothing else used the old index.
drop index contacts_division_email_idx;
create index contacts_division_email_key_idx on contacts (company_division, lower(btrim(email)), created_at, id);

-- A status filter sorted by value (0.14 s before, sorting every lead of the status).
create index leads_division_status_value_idx
  on leads (company_division, is_archived, status, estimated_value desc nulls last, id desc);
