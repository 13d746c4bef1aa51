-- My Day and reminders (docs/decisions/028-my-day-and-reminders.md).
--
-- A user's follow-ups are those on the leads they created or are assigned to ("My Leads Only",
-- models/lead-list.server.ts). Each note now also carries its lead's creator and assignee, kept by the triggers
-- of sql/00009 in the same transaction as every change, so that two partial indexes hold each user's open
-- follow-ups in date order: My Day, the sidebar's count, the bell and the calendar's Mine read them without
-- visiting the division.

alter table notes add column lead_created_by uuid, add column lead_assigned_to uuid,
  -- When this follow-up's e-mail reminder was claimed (claimed once across every app instance).
  add column reminded_at timestamptz;

update notes n set lead_created_by = l.created_by, lead_assigned_to = l.assigned_to
  from leads l
 where l.id = n.lead_id and (l.created_by is not null or l.assigned_to is not null);

-- The completed ones too (their state in the index), for the calendar's Mine: its grid counts a user's
-- follow-ups of a day whatever their state, from the index alone.
create index notes_my_day_created_idx on notes (lead_created_by, lead_division, follow_up_date, id)
  include (is_follow_up_complete)
  where follow_up_date is not null and not lead_archived;
create index notes_my_day_assigned_idx on notes (lead_assigned_to, lead_division, follow_up_date, id)
  include (is_follow_up_complete, lead_created_by)
  where follow_up_date is not null and not lead_archived;
-- The reminder loop's claim: open follow-ups not yet reminded, by due time.
create index notes_reminder_due_idx on notes (follow_up_date)
  where follow_up_date is not null and reminded_at is null and not is_follow_up_complete and not lead_archived;

create or replace function notes_take_lead_state() returns trigger language plpgsql as $$
begin
  select company_division, is_archived, created_by, assigned_to
    into new.lead_division, new.lead_archived, new.lead_created_by, new.lead_assigned_to
    from leads where id = new.lead_id for share;
  return new;
end;
$$;

create or replace function notes_follow_lead_state() returns trigger language plpgsql as $$
begin
  update notes n set lead_division = new_lead.company_division, lead_archived = new_lead.is_archived,
                     lead_created_by = new_lead.created_by, lead_assigned_to = new_lead.assigned_to
    from new_rows new_lead join old_rows old_lead on old_lead.id = new_lead.id
   where n.lead_id = new_lead.id
     and (new_lead.company_division, new_lead.is_archived, new_lead.created_by, new_lead.assigned_to)
         is distinct from (old_lead.company_division, old_lead.is_archived, old_lead.created_by, old_lead.assigned_to);
  return null;
end;
$$;

-- Each user's reminders: every follow-up by e-mail as it comes due, a daily digest, or none; the bell's last
-- look; the day (in the user's zone) of the last digest, claimed once across instances; the zone that day is in.
alter table users
  add column reminder_mode text not null default 'EACH' check (reminder_mode in ('EACH', 'DIGEST', 'OFF')),
  add column bell_seen_at timestamptz not null default now(),
  add column digest_sent_on date,
  add column time_zone text not null default 'Europe/London';
