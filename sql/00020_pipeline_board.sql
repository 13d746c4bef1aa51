-- The pipeline board (docs/decisions/027-pipeline-board.md).

-- Each status's probability, in whole per cent, by which the board weighs a column's value. One row per
-- status, for the whole company; admins change them (Settings, PUT /api/admin/pipeline/weights).
create table pipeline_stage_weights (
  status text primary key
    check (status in ('NEW', 'CONTACTED', 'QUALIFIED', 'PROPOSAL', 'CLOSED_WON', 'CLOSED_LOST')),
  weight_percent integer not null check (weight_percent between 0 and 100),
  updated_by uuid references users (id) on delete set null,
  updated_at timestamptz not null default now()
);
insert into pipeline_stage_weights (status, weight_percent)
values ('NEW', 10), ('CONTACTED', 25), ('QUALIFIED', 50), ('PROPOSAL', 75), ('CLOSED_WON', 100), ('CLOSED_LOST', 0);

-- Who changed a lead last, so a move refused as stale can say who moved it first. A nullable column without a
-- default: added without rewriting the table.
alter table leads add column updated_by uuid references users (id) on delete set null;
