-- Saved views (docs/decisions/031-saved-views.md): a lead list's filters and order, kept by name for its
-- owner, in one division, and shared with everyone who has that division when `shared`. `query` is the list's
-- URL state as /leads writes it (screens/leads/leads-view.ts savedViewQuery), so one list has one spelling.
create table saved_views (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> '' and length(name) <= 100),
  owner_id uuid not null references users (id) on delete cascade,
  division text not null check (division in ('TSS', 'NLH')),
  shared boolean not null default false,
  query text not null check (length(query) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One name per owner and division, any case; it is also the owner's views in name order (the sidebar).
create unique index saved_views_owner_name_key on saved_views (owner_id, division, lower(name));
-- A division's shared views in name order (the sidebar's other half).
create index saved_views_shared_idx on saved_views (division, lower(name), id) where shared;

-- The list's new filters at a million leads (docs/scaling.md). A value range, and the value order without a
-- status, read this index instead of every lead of the division.
create index leads_division_value_idx
  on leads (company_division, is_archived, estimated_value desc nulls last, id desc);
-- "Has an overdue follow-up": the open follow-ups (done ones leave these small indexes), by lead for a page's
-- probe of each lead it reads, and by division, tab and date for a count, which takes the overdue ones as a
-- range (models/lead-list.server.ts fieldFilters).
create index notes_open_follow_up_idx on notes (lead_id, follow_up_date)
  where follow_up_date is not null and not is_follow_up_complete;
create index notes_overdue_idx on notes (lead_division, lead_archived, follow_up_date, lead_id)
  where follow_up_date is not null and not is_follow_up_complete;
