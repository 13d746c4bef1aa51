-- The calendar reads a division's follow-ups by date (docs/scaling.md "The calendar"). Which division a
-- follow-up is in, and whether its lead is archived, lived only on the lead: at a million leads a month's grid
-- joined its 40,000 follow-ups to every lead of the division to learn it (1.2 s). Each note now carries both,
-- kept by triggers in the same transaction as every change, and one index holds a division's follow-ups on
-- open leads in date order. It replaces the index on the date alone, which every reader filtered by division.

alter table notes add column lead_division text, add column lead_archived boolean;

update notes n set lead_division = l.company_division, lead_archived = l.is_archived
  from leads l
 where l.id = n.lead_id;

create index notes_calendar_idx on notes (lead_division, follow_up_date, id)
  where follow_up_date is not null and not lead_archived;
drop index notes_follow_up_idx;

-- A new note takes its lead's state. FOR SHARE waits for a lead being archived or restored at that moment,
-- so the note cannot miss the change. A bulk load that already knows the state gives it (scripts/bulk-data.ts).
create function notes_take_lead_state() returns trigger language plpgsql as $$
begin
  select company_division, is_archived into new.lead_division, new.lead_archived
    from leads where id = new.lead_id for share;
  return new;
end;
$$;

create trigger notes_take_lead_state before insert on notes
  for each row when (new.lead_division is null) execute function notes_take_lead_state();
create trigger notes_retake_lead_state before update of lead_id on notes
  for each row execute function notes_take_lead_state();

-- An archived or restored lead (or one moved to another division) passes the change to its notes.
create function notes_follow_lead_state() returns trigger language plpgsql as $$
begin
  update notes n set lead_division = new_lead.company_division, lead_archived = new_lead.is_archived
    from new_rows new_lead join old_rows old_lead on old_lead.id = new_lead.id
   where n.lead_id = new_lead.id
     and (new_lead.company_division, new_lead.is_archived)
         is distinct from (old_lead.company_division, old_lead.is_archived);
  return null;
end;
$$;

create trigger notes_follow_lead_state after update on leads
  referencing old table as old_rows new table as new_rows for each statement
  execute function notes_follow_lead_state();
