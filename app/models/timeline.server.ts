import type postgres from "postgres";
import { db, type Sql } from "~/db/db.server";
import { keyset, type SortKey } from "~/db/keyset.server";
import { notFound } from "~/utils/errors";
import type { PageCursor } from "~/utils/page-cursor";
import type { PageSize } from "~/utils/paging";
import { inActorDivisions, requireWriteAccess, type Actor } from "./actor.server";
import { requireNoteLead } from "./note.server";
import type { TimelineEntry, TimelineKind } from "./timeline";
import type { ActivityInput, LeadActivity } from "./timeline.schema";
import { personRef } from "./user.server";

/**
 * One lead's timeline (docs/decisions/029-lead-timeline.md): its notes, status changes, follow-ups scheduled
 * and completed, field changes, archives and restores (from the audit log) and the calls and e-mails logged
 * on it, newest first, read in one statement: a UNION ALL of one branch per source, each from its per-lead
 * index, each cut at the page's size after the cursor, then ordered and cut again.
 */

const ORDER = "timeline";

/** The page's order, newest first: the time, then the record's id and the entry's type (one record, two entries). */
function timelineKeys(at: postgres.Fragment, id: postgres.Fragment, type: postgres.Fragment): SortKey[] {
  return [
    { expr: at, type: "timestamptz", dir: "desc" },
    { expr: id, type: "uuid", dir: "desc" },
    { expr: type, type: "text", dir: "desc" },
  ];
}

/** A user's name as the timeline shows it, from the users row `alias` (null for no user). */
function personName(sql: Sql, alias: string) {
  return sql`coalesce(nullif(btrim(${sql(alias)}.first_name || ' ' || ${sql(alias)}.last_name), ''), ${sql(alias)}.email)`;
}

/**
 * One source's entries of the lead `target.id`: the columns every branch has, in one order, from `from`
 * (whose rows are the entries) after the cursor, newest first, one more than a page.
 */
function branch(
  sql: Sql,
  paging: PageSize,
  keys: { at: postgres.Fragment; id: postgres.Fragment; type: postgres.Fragment },
  columns: {
    byId: postgres.Fragment;
    byName: postgres.Fragment;
    text: postgres.Fragment;
    status?: postgres.Fragment;
    outcome?: postgres.Fragment;
    note?: string;
  },
  from: postgres.Fragment,
) {
  const after = keyset(sql, ORDER, timelineKeys(keys.at, keys.id, keys.type), paging);
  const note = columns.note;
  return sql`(
    select ${keys.type}::text as type, ${keys.id} as id, ${keys.at} as at, ${columns.byId}::uuid as by_id,
           ${columns.byName}::text as by_name, ${columns.text}::text as text,
           ${columns.status ?? sql`null`}::text as status, ${columns.outcome ?? sql`null`}::text as outcome,
           ${note ? sql`${sql(note)}.follow_up_date` : sql`null`}::timestamptz as follow_up_date,
           ${note ? sql`${sql(note)}.note_type` : sql`null`}::text as note_type,
           ${note ? sql`${sql(note)}.voice_duration::text` : sql`null`}::text as voice_duration,
           ${note ? sql`${sql(note)}.audio_content_type is not null` : sql`false`} as has_audio
      ${from} ${after.after}
     ${after.order} limit ${paging.limit + 1})`;
}

/** The audit log's lead actions, named as sql/00022's partial index names them (so it is used). */
const LEAD_AUDIT = "a.action in ('LEAD_UPDATED', 'LEAD_ARCHIVED', 'LEAD_RESTORED')";

/** The branches of the UNION ALL: every source, or only those of `kind`. */
function branches(sql: Sql, paging: PageSize, kind: TimelineKind | undefined) {
  const user = { byId: sql`u.id`, byName: personName(sql, "u") };
  const wanted = (k: TimelineKind) => !kind || kind === k;
  const parts: postgres.Fragment[] = [];
  for (const [k, type, condition] of [
    ["note", "NOTE", sql`n.follow_up_date is null`],
    ["follow-up", "FOLLOW_UP_SCHEDULED", sql`n.follow_up_date is not null`],
  ] as const) {
    if (!wanted(k)) continue;
    parts.push(
      branch(
        sql,
        paging,
        { at: sql`n.created_at`, id: sql`n.id`, type: sql`${type}::text` },
        { ...user, text: sql`n.content`, note: "n" },
        sql`from notes n left join users u on u.id = n.created_by
             where n.lead_id = target.id and ${condition}`,
      ),
    );
  }
  if (wanted("follow-up")) {
    parts.push(
      branch(
        sql,
        paging,
        { at: sql`n.follow_up_completed_at`, id: sql`n.id`, type: sql`'FOLLOW_UP_COMPLETED'::text` },
        { ...user, text: sql`n.content`, note: "n" },
        sql`from notes n left join users u on u.id = n.follow_up_completed_by
             where n.lead_id = target.id and n.follow_up_completed_at is not null`,
      ),
    );
  }
  if (wanted("status")) {
    parts.push(
      branch(
        sql,
        paging,
        { at: sql`p.created_at`, id: sql`p.id`, type: sql`'STATUS_CHANGED'::text` },
        { ...user, text: sql`p.notes`, status: sql`p.status` },
        sql`from lead_progress p left join users u on u.id = p.created_by where p.lead_id = target.id`,
      ),
    );
  }
  const audited = { byId: sql`a.user_id`, byName: sql`nullif(a.user_name, '')`, text: sql`a.details` };
  const fromAudit = (condition: postgres.Fragment) =>
    sql`from audit_log a where a.resource = 'lead:' || target.id and ${sql.unsafe(LEAD_AUDIT)} and ${condition}`;
  if (wanted("change")) {
    // A save that changed nothing is left out, and so is one that changed the status alone (its own entry).
    parts.push(
      branch(
        sql,
        paging,
        { at: sql`a.created_at`, id: sql`a.id`, type: sql`'FIELDS_CHANGED'::text` },
        audited,
        fromAudit(
          sql`a.action = 'LEAD_UPDATED' and a.details not in ('Saved without changes', 'Updated status')`,
        ),
      ),
    );
  }
  if (wanted("archive")) {
    parts.push(
      branch(
        sql,
        paging,
        {
          at: sql`a.created_at`,
          id: sql`a.id`,
          type: sql`(case a.action when 'LEAD_ARCHIVED' then 'ARCHIVED' else 'RESTORED' end)`,
        },
        audited,
        fromAudit(sql`a.action in ('LEAD_ARCHIVED', 'LEAD_RESTORED')`),
      ),
    );
  }
  for (const [k, activityKind, type] of [
    ["call", "CALL", "CALL_LOGGED"],
    ["email", "EMAIL", "EMAIL_LOGGED"],
  ] as const) {
    if (!wanted(k)) continue;
    parts.push(
      branch(
        sql,
        paging,
        { at: sql`c.created_at`, id: sql`c.id`, type: sql`${type}::text` },
        { ...user, text: sql`c.notes`, outcome: sql`c.outcome` },
        sql`from lead_activities c left join users u on u.id = c.created_by
             where c.lead_id = target.id and c.kind = ${activityKind}`,
      ),
    );
  }
  return parts.reduce((all, part) => sql`${all} union all ${part}`);
}

/**
 * A page of the lead's timeline, newest first (`kind`: that kind only), and the next page's cursor; 404 for a
 * lead the actor may not see. A lead the actor may see always answers one row (its entries, or one empty
 * row), so one statement tells "not found" from "nothing yet".
 */
export async function listTimeline(
  actor: Actor,
  leadId: string,
  kind: TimelineKind | undefined,
  paging: PageSize,
): Promise<{ entries: TimelineEntry[]; next: PageCursor | null }> {
  const sql = await db(actor);
  const order = keyset(sql, ORDER, timelineKeys(sql`e.at`, sql`e.id`, sql`e.type`), paging);
  const rows = await sql<(TimelineEntry & { sortKey: (string | null)[] })[]>`
    with target as (
      select l.id from leads l where l.id = ${leadId} and ${inActorDivisions(sql, actor, "l.company_division")}
    )
    select e.type, e.id, e.at,
           case when e.by_name is null then null else json_build_object('id', e.by_id, 'name', e.by_name) end as by,
           e.text, e.status, e.outcome, e.follow_up_date, e.note_type, e.voice_duration,
           coalesce(e.has_audio, false) as has_audio, ${order.key} as sort_key
      from target left join lateral (${branches(sql, paging, kind)}) e on true
     ${order.order}
     limit ${paging.limit + 1}`;
  if (!rows.length) throw notFound();
  const page = order.page(
    rows.filter((row) => row.type !== null),
    paging.limit,
  );
  return { entries: page.rows, next: page.next };
}

/** A call or e-mail logged on a lead the actor may see (404 otherwise), read back with its author. */
export async function logActivity(actor: Actor, leadId: string, input: ActivityInput): Promise<LeadActivity> {
  requireWriteAccess(actor);
  await requireNoteLead(actor, leadId);
  const sql = await db(actor);
  // A transaction, so that an Idempotency-Key stores its answer with it (idempotency/answer-once.server.ts).
  const [activity] = await sql.begin(
    (tx) => tx<LeadActivity[]>`
    with created as (
      insert into lead_activities (lead_id, kind, outcome, notes, created_by)
      values (${leadId}, ${input.kind}, ${input.outcome}, ${input.notes ?? null}, ${actor.user.id})
      returning *
    )
    select c.id, c.lead_id, c.kind, c.outcome, c.notes, ${personRef(tx, "u")} as created_by, c.created_at
      from created c left join users u on u.id = c.created_by`,
  );
  return activity;
}
