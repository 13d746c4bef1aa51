-- The bell's last look, per division (docs/decisions/028-my-day-and-reminders.md). One time for both divisions
-- (users.bell_seen_at) let a look at one division's bell mark the other division's new follow-ups seen without
-- showing them. users.bell_seen_at stays as the start for a division whose bell the user has never opened.
create table bell_seen (
  user_id uuid not null references users (id) on delete cascade,
  division text not null check (division in ('TSS', 'NLH')),
  seen_at timestamptz not null,
  primary key (user_id, division)
);
