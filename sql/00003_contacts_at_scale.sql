-- Contacts at a million per division (docs/decisions/003-kept-counts.md): a kept count per division for the
-- unsearched grid, the grid's order as an index, and a trigram index for its search.

create table contact_stats (
  company_division text primary key,
  contacts bigint not null default 0
);

insert into contact_stats (company_division, contacts)
select company_division, count(*) from contacts group by 1;

-- As lead_stats: each statement's rows, netted per division, in one lock order.
create function contact_stats_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into contact_stats as s (company_division, contacts)
    select company_division, count(*) from new_rows group by 1 order by 1
    on conflict (company_division) do update set contacts = s.contacts + excluded.contacts;
  elsif tg_op = 'DELETE' then
    insert into contact_stats as s (company_division, contacts)
    select company_division, -count(*) from old_rows group by 1 order by 1
    on conflict (company_division) do update set contacts = s.contacts + excluded.contacts;
  else
    insert into contact_stats as s (company_division, contacts)
    select company_division, sum(delta)
      from (select company_division, -1 as delta from old_rows
            union all
            select company_division, 1 from new_rows) as changes
     group by 1
    having sum(delta) <> 0
     order by 1
    on conflict (company_division) do update set contacts = s.contacts + excluded.contacts;
  end if;
  return null;
end;
$$;

create trigger contact_stats_insert after insert on contacts
  referencing new table as new_rows for each statement execute function contact_stats_apply();
create trigger contact_stats_update after update on contacts
  referencing old table as old_rows new table as new_rows for each statement execute function contact_stats_apply();
create trigger contact_stats_delete after delete on contacts
  referencing old table as old_rows for each statement execute function contact_stats_apply();

create function contact_stats_reset() returns trigger language plpgsql as $$
begin
  delete from contact_stats;
  return null;
end;
$$;
create trigger contact_stats_truncate after truncate on contacts
  for each statement execute function contact_stats_reset();

-- The grid's order: company, then name (SPEC.md "Contacts"), ties by id.
drop index contacts_division_company_idx;
create index contacts_division_order_idx
  on contacts (company_division, lower(company), lower(last_name), lower(first_name), id);
-- The search: company, first or last name, e-mail, one trigram index as for leads.
create index contacts_search_trgm_idx
  on contacts using gin ((first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || company) gin_trgm_ops);
-- Related leads by company: the division's leads whose company equals a contact's (trimmed, any case).
create index leads_division_company_key_idx on leads (company_division, lower(btrim(company)), updated_at desc);
drop index leads_division_company_idx;
