-- One timeline per lead (docs/decisions/029-lead-timeline.md): the calls and e-mails logged on a lead, when
-- and by whom a follow-up was completed, and an index for reading one lead's entries of the audit log.

create table lead_activities (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references leads (id) on delete cascade,
  kind text not null check (kind in ('CALL', 'EMAIL')),
  outcome text not null check (
    (kind = 'CALL' and outcome in ('CONNECTED', 'LEFT_VOICEMAIL', 'NO_ANSWER', 'WRONG_NUMBER'))
    or (kind = 'EMAIL' and outcome in ('SENT', 'REPLIED', 'BOUNCED'))
  ),
  notes text check (length(notes) <= 10000),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index lead_activities_lead_idx on lead_activities (lead_id, created_at desc, id desc);

-- Mark Complete kept only a flag. A follow-up completed before this file has no time of its own: its note's
-- last update (when it was marked, unless edited since) is the nearest the database kept; who is not known.
alter table notes
  add column follow_up_completed_at timestamptz,
  add column follow_up_completed_by uuid references users (id) on delete set null;
update notes set follow_up_completed_at = updated_at where is_follow_up_complete;

-- A lead's field changes, archives and restores, newest first, without reading the sign-ins around them. The
-- timeline's query names these actions exactly so that the planner can use this partial index.
create index audit_log_lead_timeline_idx on audit_log (resource, created_at desc, id desc)
  where action in ('LEAD_UPDATED', 'LEAD_ARCHIVED', 'LEAD_RESTORED');
