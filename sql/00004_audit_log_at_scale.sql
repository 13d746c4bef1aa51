-- The audit log grows with every sign-in and change. Its dialog shows counts by kind (kept here, as for
-- leads: docs/decisions/003-kept-counts.md) and searches the entries (a trigram index, as for leads).

create table audit_counts (
  action text primary key,
  entries bigint not null default 0
);

insert into audit_counts (action, entries) select action, count(*) from audit_log group by 1;

create function audit_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into audit_counts as s (action, entries)
    select action, count(*) from new_rows group by 1 order by 1
    on conflict (action) do update set entries = s.entries + excluded.entries;
  else
    insert into audit_counts as s (action, entries)
    select action, -count(*) from old_rows group by 1 order by 1
    on conflict (action) do update set entries = s.entries + excluded.entries;
  end if;
  return null;
end;
$$;

create trigger audit_counts_insert after insert on audit_log
  referencing new table as new_rows for each statement execute function audit_counts_apply();
create trigger audit_counts_delete after delete on audit_log
  referencing old table as old_rows for each statement execute function audit_counts_apply();

create function audit_counts_reset() returns trigger language plpgsql as $$
begin
  delete from audit_counts;
  return null;
end;
$$;
create trigger audit_counts_truncate after truncate on audit_log
  for each statement execute function audit_counts_reset();

-- The dialog's search: who, what, on what, the details and the address.
create index audit_log_search_trgm_idx on audit_log
  using gin ((user_name || ' ' || action || ' ' || resource || ' ' || details || ' ' || coalesce(ip_address, '')) gin_trgm_ops);
-- Newest first, ties by id, as the list reads them.
drop index audit_log_created_idx;
create index audit_log_created_idx on audit_log (created_at desc, id desc);
drop index audit_log_action_idx;
create index audit_log_action_idx on audit_log (action, created_at desc, id desc);
