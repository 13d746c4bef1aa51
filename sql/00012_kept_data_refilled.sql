-- The kept counts (lead_stats in 00002, contact_stats in 00003, audit_counts in 00004) and each note's copy of
-- its lead's division and archive state (00009) were filled from a snapshot of their table before the trigger
-- that keeps them existed, and nothing stopped writes in between: a row that an instance still running the old
-- code committed in that moment was in neither, and its count stayed short for good. They are filled again
-- here with their tables locked against writes (reads go on), as every migration that fills kept data must
-- (docs/decisions/003-kept-counts.md).

lock table leads, contacts, audit_log, notes in share row exclusive mode;

delete from lead_stats;
insert into lead_stats (company_division, is_archived, status, created_month, leads, valued, value_sum)
select company_division, is_archived, status, date_trunc('month', created_at at time zone 'UTC')::date,
       count(*), count(estimated_value), coalesce(sum(estimated_value), 0)
  from leads
 group by 1, 2, 3, 4;

delete from contact_stats;
insert into contact_stats (company_division, contacts)
select company_division, count(*) from contacts group by 1;

delete from audit_counts;
insert into audit_counts (action, entries) select action, count(*) from audit_log group by 1;

update notes n set lead_division = l.company_division, lead_archived = l.is_archived
  from leads l
 where l.id = n.lead_id
   and (n.lead_division is distinct from l.company_division or n.lead_archived is distinct from l.is_archived);
