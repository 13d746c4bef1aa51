-- Kept counts, so that no request counts a whole division (docs/decisions/003-kept-counts.md).
-- lead_stats holds, per division, archive state, status and month of creation (UTC), how many leads there
-- are and the sum of their estimated values. The tab totals of the lead lists, the status filter's totals and
-- the dashboard figures read a few hundred of these rows instead of scanning the leads. Triggers keep it in
-- the same transaction as every insert, update and delete of leads, so it is never out of step.

create table lead_stats (
  company_division text not null,
  is_archived boolean not null,
  status text not null,
  created_month date not null,
  leads bigint not null default 0,
  -- How many of them have an estimated value, and its sum.
  valued bigint not null default 0,
  value_sum numeric not null default 0,
  primary key (company_division, is_archived, status, created_month)
);

insert into lead_stats (company_division, is_archived, status, created_month, leads, valued, value_sum)
select company_division, is_archived, status, date_trunc('month', created_at at time zone 'UTC')::date,
       count(*), count(estimated_value), coalesce(sum(estimated_value), 0)
  from leads
 group by 1, 2, 3, 4;

-- One function for the three triggers: each statement's rows leave their old keys and join their new ones.
-- The deltas are netted per key first, so an ordinary edit (same keys) writes nothing, and the keys are
-- locked in one order, so two statements cannot deadlock on them.
create function lead_stats_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into lead_stats as s (company_division, is_archived, status, created_month, leads, valued, value_sum)
    select company_division, is_archived, status, date_trunc('month', created_at at time zone 'UTC')::date,
           count(*), count(estimated_value), coalesce(sum(estimated_value), 0)
      from new_rows group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (company_division, is_archived, status, created_month)
    do update set leads = s.leads + excluded.leads, valued = s.valued + excluded.valued,
                  value_sum = s.value_sum + excluded.value_sum;
  elsif tg_op = 'DELETE' then
    insert into lead_stats as s (company_division, is_archived, status, created_month, leads, valued, value_sum)
    select company_division, is_archived, status, date_trunc('month', created_at at time zone 'UTC')::date,
           -count(*), -count(estimated_value), -coalesce(sum(estimated_value), 0)
      from old_rows group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (company_division, is_archived, status, created_month)
    do update set leads = s.leads + excluded.leads, valued = s.valued + excluded.valued,
                  value_sum = s.value_sum + excluded.value_sum;
  else
    insert into lead_stats as s (company_division, is_archived, status, created_month, leads, valued, value_sum)
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
    having sum(leads) <> 0 or sum(valued) <> 0 or sum(value_sum) <> 0
     order by 1, 2, 3, 4
    on conflict (company_division, is_archived, status, created_month)
    do update set leads = s.leads + excluded.leads, valued = s.valued + excluded.valued,
                  value_sum = s.value_sum + excluded.value_sum;
  end if;
  return null;
end;
$$;

create trigger lead_stats_insert after insert on leads
  referencing new table as new_rows for each statement execute function lead_stats_apply();
create trigger lead_stats_update after update on leads
  referencing old table as old_rows new table as new_rows for each statement execute function lead_stats_apply();
create trigger lead_stats_delete after delete on leads
  referencing old table as old_rows for each statement execute function lead_stats_apply();

-- A TRUNCATE empties the table without row triggers: the counts go with it.
create function lead_stats_reset() returns trigger language plpgsql as $$
begin
  delete from lead_stats;
  return null;
end;
$$;
create trigger lead_stats_truncate after truncate on leads for each statement execute function lead_stats_reset();

-- The list's default order, exactly: newest update first, ties by id, both descending.
drop index leads_division_list_idx;
create index leads_division_list_idx on leads (company_division, is_archived, updated_at desc, id desc);
-- The status filter's first page, in the same order.
create index leads_division_status_list_idx
  on leads (company_division, is_archived, status, updated_at desc, id desc);
-- The archive tab's default order (archived date, newest first); archived rows always have the date.
create index leads_division_archived_list_idx
  on leads (company_division, archived_at desc, id desc) where is_archived;
