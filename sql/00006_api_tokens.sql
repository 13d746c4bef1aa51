-- Personal API tokens (docs/security.md "API tokens"): a script sends `Authorization: Bearer <token>` and acts
-- as the token's user, with that user's current role and divisions.

create table api_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 100),
  -- sha256 (hex) of the token, never the token: a copy of this table signs nobody in. A fast hash is right
  -- here, unlike for passwords: the token holds 256 random bits, so there is nothing to guess by hashing.
  token_hash text not null unique,
  -- The token's first characters, so its owner can tell their tokens apart in the list.
  prefix text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz,
  -- The per-token rate limit: requests counted in a fixed one-minute window that starts with its first one.
  window_started_at timestamptz,
  window_count integer not null default 0
);
create index api_tokens_user_idx on api_tokens (user_id, created_at desc);

-- Creating and revoking a token are audited.
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check check (action in (
  'USER_LOGIN', 'USER_LOGIN_FAILED', 'LEAD_CREATED', 'LEAD_UPDATED', 'LEAD_ARCHIVED', 'LEAD_RESTORED',
  'CONTACT_CREATED', 'CONTACT_UPDATED', 'DATA_EXPORT', 'PERMISSION_CHANGED', 'USER_CREATED',
  'USER_STATUS_CHANGED', 'PASSWORD_CHANGED', 'TOKEN_CREATED', 'TOKEN_REVOKED'
));
