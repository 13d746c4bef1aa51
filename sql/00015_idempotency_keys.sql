-- Safe retries (docs/api.md "Retrying safely"): a write sent with an Idempotency-Key stores its answer here,
-- in the same transaction as the write itself, and a retry with the same key and the same request within 24
-- hours is answered from it instead of writing again. Keys are the user's own: two users may pick the same.

create table idempotency_keys (
  user_id uuid not null references users (id) on delete cascade,
  key text not null,
  -- sha256 (hex) of the method, the path and the body: the same key with another request is refused.
  fingerprint text not null,
  status integer not null,
  -- The answer's headers worth giving again (its type, Location, Set-Cookie ...), as [name, value] pairs.
  headers jsonb not null,
  body bytea not null,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

-- The hourly sweep of keys past their 24 hours.
create index idempotency_keys_created_idx on idempotency_keys (created_at);
