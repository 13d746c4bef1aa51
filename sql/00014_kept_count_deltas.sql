-- Kept counts without a shared row to wait on (docs/decisions/021-kept-count-deltas.md). The statement
-- triggers of sql/00002, 00003 and 00004 added each statement's netted changes to lead_stats, contact_stats
-- and audit_counts in place, so a write held those rows until it committed: a transaction that stalled after
-- adding a lead kept every other writer of that division and status, and (through LEAD_CREATED in the audit
-- log) every lead creator of the whole app, waiting behind it.
--
-- Now the triggers only append their netted changes to a delta table (no key, never updated), readers sum
-- each kept table with its deltas (the *_now views), and fold_kept_counts(), run by the app every few seconds,
-- moves committed deltas into the kept tables. Nothing is filled from leads, contacts or audit_log here: the
-- kept tables stay what they are, exact, and a statement counted by either version of a trigger is in one of
-- the two places a reader sums, so unlike 00012 this needs no lock against writes.

create table lead_stats_delta (
  company_division text not null,
  is_archived boolean not null,
  status text not null,
  created_month date not null,
  leads bigint not null,
  valued bigint not null,
  value_sum numeric not null
);

create table contact_stats_delta (
  company_division text not null,
  contacts bigint not null
);

create table audit_counts_delta (
  action text not null,
  entries bigint not null
);

-- The same netting per key as before (an ordinary edit writes nothing), appended instead of added in place.
create or replace function lead_stats_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into lead_stats_delta (company_division, is_archived, status, created_month, leads, valued, value_sum)
    select company_division, is_archived, status, date_trunc('month', created_at at time zone 'UTC')::date,
           count(*), count(estimated_value), coalesce(sum(estimated_value), 0)
      from new_rows group by 1, 2, 3, 4;
  elsif tg_op = 'DELETE' then
    insert into lead_stats_delta (company_division, is_archived, status, created_month, leads, valued, value_sum)
    select company_division, is_archived, status, date_trunc('month', created_at at time zone 'UTC')::date,
           -count(*), -count(estimated_value), -coalesce(sum(estimated_value), 0)
      from old_rows group by 1, 2, 3, 4;
  else
    insert into lead_stats_delta (company_division, is_archived, status, created_month, leads, valued, value_sum)
    select company_division, is_archived, status, created_month, sum(leads), sum(valued), sum(value_sum)
      from (
        select company_division, is_archived, status,
               date_trunc('month', created_at at time zone 'UTC')::date as created_month,
               -1 as leads, -(estimated_value is not null)::int as valued,
               -coalesce(estimated_value, 0) as value_sum
          from old_rows
        union all
        select company_division, is_archived, status,
               date_trunc('month', created_at at time zone 'UTC')::date,
               1, (estimated_value is not null)::int, coalesce(estimated_value, 0)
          from new_rows
      ) as delta
     group by 1, 2, 3, 4
    having sum(leads) <> 0 or sum(valued) <> 0 or sum(value_sum) <> 0;
  end if;
  return null;
end;
$$;

create or replace function contact_stats_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into contact_stats_delta (company_division, contacts)
    select company_division, count(*) from new_rows group by 1;
  elsif tg_op = 'DELETE' then
    insert into contact_stats_delta (company_division, contacts)
    select company_division, -count(*) from old_rows group by 1;
  else
    insert into contact_stats_delta (company_division, contacts)
    select company_division, sum(delta)
      from (select company_division, -1 as delta from old_rows
            union all
            select company_division, 1 from new_rows) as changes
     group by 1
    having sum(delta) <> 0;
  end if;
  return null;
end;
$$;

create or replace function audit_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into audit_counts_delta (action, entries) select action, count(*) from new_rows group by 1;
  else
    insert into audit_counts_delta (action, entries) select action, -count(*) from old_rows group by 1;
  end if;
  return null;
end;
$$;

-- What the readers read: each kept table and its deltas summed per key. One statement sees a fold's move
-- whole or not at all, so the sum is exact in every snapshot. A reader's conditions on the key columns reach
-- both tables (the kept one through its primary key; the deltas are few, folded every few seconds).
create view lead_stats_now as
select company_division, is_archived, status, created_month,
       sum(leads)::bigint as leads, sum(valued)::bigint as valued, sum(value_sum) as value_sum
  from (select company_division, is_archived, status, created_month, leads, valued, value_sum from lead_stats
        union all
        select company_division, is_archived, status, created_month, leads, valued, value_sum
          from lead_stats_delta) as kept
 group by company_division, is_archived, status, created_month;

create view contact_stats_now as
select company_division, sum(contacts)::bigint as contacts
  from (select company_division, contacts from contact_stats
        union all
        select company_division, contacts from contact_stats_delta) as kept
 group by company_division;

create view audit_counts_now as
select action, sum(entries)::bigint as entries
  from (select action, entries from audit_counts
        union all
        select action, entries from audit_counts_delta) as kept
 group by action;

-- One folder at a time across instances: the others find the lock taken and skip this turn instead of
-- queueing (727002: next to the migrations' 727001, utils/db.server.ts). Each move deletes the deltas its
-- snapshot sees (the committed ones) and adds their sums per key in the same statement; a transaction still
-- open keeps its deltas until a later fold. Only folds (and a TRUNCATE's reset) write the kept tables, so once
-- the transactions begun before this migration have ended, the rows a fold updates are never held by a writer.
create function fold_kept_counts() returns boolean language plpgsql as $$
begin
  if not pg_try_advisory_xact_lock(727002) then
    return false;
  end if;
  with moved as (delete from lead_stats_delta returning *)
  insert into lead_stats as s (company_division, is_archived, status, created_month, leads, valued, value_sum)
  select company_division, is_archived, status, created_month, sum(leads), sum(valued), sum(value_sum)
    from moved
   group by 1, 2, 3, 4
  having sum(leads) <> 0 or sum(valued) <> 0 or sum(value_sum) <> 0
   order by 1, 2, 3, 4
  on conflict (company_division, is_archived, status, created_month)
  do update set leads = s.leads + excluded.leads, valued = s.valued + excluded.valued,
                value_sum = s.value_sum + excluded.value_sum;

  with moved as (delete from contact_stats_delta returning *)
  insert into contact_stats as s (company_division, contacts)
  select company_division, sum(contacts) from moved group by 1 having sum(contacts) <> 0 order by 1
  on conflict (company_division) do update set contacts = s.contacts + excluded.contacts;

  with moved as (delete from audit_counts_delta returning *)
  insert into audit_counts as s (action, entries)
  select action, sum(entries) from moved group by 1 having sum(entries) <> 0 order by 1
  on conflict (action) do update set entries = s.entries + excluded.entries;
  return true;
end;
$$;

-- A TRUNCATE empties the kept table and its deltas. It first waits for a fold in progress (its lock), which
-- may be moving deltas of rows the TRUNCATE removes: otherwise the fold could commit them into the kept table
-- after this reset cleared it. The TRUNCATE's own lock means no writer of its table is left running.
create or replace function lead_stats_reset() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(727002);
  delete from lead_stats;
  delete from lead_stats_delta;
  return null;
end;
$$;

create or replace function contact_stats_reset() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(727002);
  delete from contact_stats;
  delete from contact_stats_delta;
  return null;
end;
$$;

create or replace function audit_counts_reset() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(727002);
  delete from audit_counts;
  delete from audit_counts_delta;
  return null;
end;
$$;
