-- The whole schema of the CRM. Forward-only: later changes go in new numbered files.
-- Every timestamp is timestamptz (stored UTC); every enum is a CHECK so bad values never land.

create extension if not exists pg_trgm;

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(btrim(email)) and email <> ''),
  first_name text not null default '',
  last_name text not null default '',
  role text not null default 'SALES_USER' check (role in ('ADMIN', 'SALES_USER')),
  is_active boolean not null default true,
  password_hash text,
  profile_image_url text,
  -- The division the user last switched to; only honoured while it is in their company access.
  selected_division text check (selected_division in ('TSS', 'NLH')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (email);

create table company_access (
  user_id uuid not null references users (id) on delete cascade,
  company text not null check (company in ('TSS', 'NLH')),
  created_at timestamptz not null default now(),
  primary key (user_id, company)
);

create table sessions (
  -- sha256 of the random token in the cookie, so a copy of this table signs nobody in.
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ip_address text,
  user_agent text
);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

create table contacts (
  id uuid primary key default gen_random_uuid(),
  first_name text not null check (btrim(first_name) <> ''),
  last_name text not null check (btrim(last_name) <> ''),
  email text,
  phone text,
  company text not null check (btrim(company) <> ''),
  position text,
  company_division text not null check (company_division in ('TSS', 'NLH')),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index contacts_division_company_idx on contacts (company_division, lower(company), last_name, first_name);
create index contacts_division_email_idx on contacts (company_division, lower(email));

create table leads (
  id uuid primary key default gen_random_uuid(),
  first_name text not null check (btrim(first_name) <> ''),
  last_name text not null check (btrim(last_name) <> ''),
  email text not null,
  phone text,
  company text not null check (btrim(company) <> ''),
  position text,
  status text not null default 'NEW'
    check (status in ('NEW', 'CONTACTED', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST')),
  estimated_value numeric(14, 2) check (estimated_value >= 0),
  notes text,
  company_division text not null check (company_division in ('TSS', 'NLH')),
  is_archived boolean not null default false,
  archived_at timestamptz,
  created_by uuid references users (id) on delete set null,
  assigned_to uuid references users (id) on delete set null,
  main_contact_id uuid references contacts (id) on delete set null,
  -- Raised by every update; a save that read an older version is refused instead of overwriting.
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (is_archived = (archived_at is not null))
);
-- The list pages: one division, active or archived, newest update first.
create index leads_division_list_idx on leads (company_division, is_archived, updated_at desc, id);
-- Sorting the list by company or by contact name reads these in order instead of sorting the division.
create index leads_division_company_sort_idx
  on leads (company_division, is_archived, lower(company), lower(last_name), id);
create index leads_division_contact_sort_idx
  on leads (company_division, is_archived, lower(first_name), lower(last_name), id);
create index leads_division_created_idx on leads (company_division, created_at);
create index leads_created_by_idx on leads (created_by);
create index leads_assigned_to_idx on leads (assigned_to);
create index leads_main_contact_idx on leads (main_contact_id);
create index leads_division_email_idx on leads (company_division, lower(btrim(email)));
create index leads_division_name_idx on leads (company_division, lower(btrim(first_name)), lower(btrim(last_name)));
create index leads_division_company_idx on leads (company_division, lower(btrim(company)));
-- Substring search ('Search leads...'): one trigram index over the four searchable columns together. The
-- query filters on exactly this expression (so the index is used) and then on each column (so a match that
-- spans two columns does not count).
create index leads_search_trgm_idx
  on leads using gin ((first_name || ' ' || last_name || ' ' || email || ' ' || company) gin_trgm_ops);

create table lead_progress (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references leads (id) on delete cascade,
  status text not null
    check (status in ('NEW', 'CONTACTED', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST')),
  notes text,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index lead_progress_lead_idx on lead_progress (lead_id, created_at);

create table notes (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references leads (id) on delete cascade,
  content text not null check (btrim(content) <> '' and length(content) <= 10000),
  note_type text not null default 'TEXT' check (note_type in ('TEXT', 'VOICE')),
  voice_duration integer check (voice_duration >= 0),
  audio bytea,
  audio_content_type text check (audio_content_type in ('audio/webm', 'audio/ogg', 'audio/mp4')),
  follow_up_date timestamptz,
  is_follow_up_complete boolean not null default false,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((audio is null) = (audio_content_type is null))
);
create index notes_lead_idx on notes (lead_id, created_at desc);
create index notes_follow_up_idx on notes (follow_up_date) where follow_up_date is not null;

create table audit_log (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  user_id uuid references users (id) on delete set null,
  -- Kept as written at the time, so the entry still reads right after the user is renamed.
  user_name text not null default '',
  action text not null check (action in (
    'USER_LOGIN', 'USER_LOGIN_FAILED', 'LEAD_CREATED', 'LEAD_UPDATED', 'LEAD_ARCHIVED', 'LEAD_RESTORED',
    'CONTACT_CREATED', 'CONTACT_UPDATED', 'DATA_EXPORT', 'PERMISSION_CHANGED', 'USER_CREATED',
    'USER_STATUS_CHANGED', 'PASSWORD_CHANGED'
  )),
  resource text not null default '',
  details text not null default '',
  ip_address text,
  user_agent text
);
create index audit_log_created_idx on audit_log (created_at desc, id);
create index audit_log_action_idx on audit_log (action, created_at desc);

create table login_attempts (
  id bigint generated always as identity primary key,
  username text not null,
  ip_address text not null,
  attempted_at timestamptz not null default now()
);
create index login_attempts_username_idx on login_attempts (username, attempted_at);
create index login_attempts_ip_idx on login_attempts (ip_address, attempted_at);
