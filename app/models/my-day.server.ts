import type postgres from "postgres";
import { db, type Sql, type Tx } from "~/db/db.server";
import type { Division } from "~/utils/divisions";
import { requireDivisionAccess, type Actor } from "./actor.server";
import type { FollowUp } from "./follow-up.schema";
import { MY_DAY_COUNT_CAP, type MyDayBounds, type MyDayGroup } from "./my-day";

/** A follow-up in My Day and the bell: CONTRACT.md's Follow-up and the lead's company. */
export type MyFollowUp = FollowUp & { company: string };
export type MyDay = Record<MyDayGroup, { followUps: MyFollowUp[]; total: number }>;

/**
 * SQL: the ids and due times of `userId`'s open follow-ups in `division` that `when` admits, soonest first, at
 * most `limit`. "Theirs" as "My Leads Only" means it (models/lead-list.server.ts): on leads they created or are
 * assigned to. Each branch reads one partial index of sql/00021 in date order (the creator's; the assignee's,
 * for leads they did not also create), so no division is scanned and a count stops at `limit`.
 */
export function myFollowUpIds(
  sql: Sql | Tx,
  userId: string,
  division: Division,
  when: postgres.Fragment,
  limit: number,
) {
  const open = sql`n.lead_division = ${division} and n.follow_up_date is not null
    and not n.is_follow_up_complete and not n.lead_archived and ${when}`;
  return sql`
    (select n.id, n.follow_up_date from notes n
      where n.lead_created_by = ${userId} and ${open}
      order by n.follow_up_date, n.id limit ${limit})
    union all
    (select n.id, n.follow_up_date from notes n
      where n.lead_assigned_to = ${userId} and n.lead_created_by is distinct from ${userId} and ${open}
      order by n.follow_up_date, n.id limit ${limit})`;
}

/** SQL: how many of the follow-ups `myFollowUpIds` admits, up to MY_DAY_COUNT_CAP. */
function cappedCount(sql: Sql | Tx, ids: postgres.Fragment) {
  return sql`(select least(count(*), ${MY_DAY_COUNT_CAP})::int from (${ids}) c)`;
}

/** The columns of a MyFollowUp, from a note `n` and its lead `l`. */
function myFollowUpColumns(sql: Sql | Tx) {
  return sql`n.id, n.lead_id, l.first_name || ' ' || l.last_name as lead_name, l.company, n.content,
             n.follow_up_date, n.is_follow_up_complete`;
}

/**
 * My Day (docs/decisions/028-my-day-and-reminders.md): the actor's open follow-ups in the division,
 * overdue, due today and due in the next seven days (days on the user's clock), each group's first
 * `perGroup` and its count up to MY_DAY_COUNT_CAP. One statement: short index range scans that stop early (two a
 * count, two a list), and the shown rows' notes and leads by key.
 */
export async function listMyDay(
  actor: Actor,
  division: Division,
  { todayStarts, tomorrowStarts, weekEnds }: MyDayBounds,
  perGroup: number,
): Promise<MyDay> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const me = actor.user.id;
  const groups: [MyDayGroup, postgres.Fragment][] = [
    ["overdue", sql`n.follow_up_date < ${todayStarts}`],
    ["today", sql`n.follow_up_date >= ${todayStarts} and n.follow_up_date < ${tomorrowStarts}`],
    ["upcoming", sql`n.follow_up_date >= ${tomorrowStarts} and n.follow_up_date < ${weekEnds}`],
  ];
  const shown = groups.map(
    ([group, when], index) => sql`
      select ${group}::text as grp, ${index}::int as rank, ${cappedCount(sql, myFollowUpIds(sql, me, division, when, MY_DAY_COUNT_CAP))} as total,
             p.id, p.follow_up_date
        from (select * from (${myFollowUpIds(sql, me, division, when, perGroup)}) i
               order by i.follow_up_date, i.id limit ${perGroup}) p`,
  );
  const rows = await sql<(MyFollowUp & { grp: MyDayGroup; total: number })[]>`
    select g.grp, g.total, ${myFollowUpColumns(sql)}
      from (${shown[0]} union all ${shown[1]} union all ${shown[2]}) g
      join notes n on n.id = g.id
      join leads l on l.id = n.lead_id
     order by g.rank, g.follow_up_date, g.id`;
  const day: MyDay = {
    overdue: { followUps: [], total: 0 },
    today: { followUps: [], total: 0 },
    upcoming: { followUps: [], total: 0 },
  };
  for (const { grp, total, ...followUp } of rows) {
    day[grp].followUps.push(followUp);
    day[grp].total = total;
  }
  return day;
}

/**
 * The shell's two figures, in one statement of two capped index scans: the actor's open follow-ups overdue or
 * due today (the sidebar and the page title), and those that came due since they last opened the bell.
 */
export async function myDayCounts(
  actor: Actor,
  division: Division,
  { tomorrowStarts }: Pick<MyDayBounds, "tomorrowStarts">,
): Promise<{ due: number; unseen: number }> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const me = actor.user.id;
  const [counts] = await sql<{ due: number; unseen: number }[]>`
    select ${cappedCount(sql, myFollowUpIds(sql, me, division, sql`n.follow_up_date < ${tomorrowStarts}`, MY_DAY_COUNT_CAP))} as due,
           ${cappedCount(sql, myFollowUpIds(sql, me, division, cameDue(sql, me, division), MY_DAY_COUNT_CAP))} as unseen`;
  return counts;
}

/**
 * SQL: due after the user's last look at the division's bell (sql/00025; before any, since their bell began:
 * users.bell_seen_at), and by now.
 */
function cameDue(sql: Sql | Tx, userId: string, division: Division) {
  return sql`n.follow_up_date > coalesce(
      (select seen_at from bell_seen where user_id = ${userId} and division = ${division}),
      (select bell_seen_at from users where id = ${userId}))
    and n.follow_up_date <= now()`;
}

/**
 * The bell: the actor's open follow-ups in the division that came due since they last looked, soonest first
 * (at most `limit`), and the moment of this look, which `markBellSeen` records.
 */
export async function listBell(
  actor: Actor,
  division: Division,
  limit: number,
): Promise<{ followUps: MyFollowUp[]; total: number; lookedAt: Date }> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const me = actor.user.id;
  const ids = myFollowUpIds(sql, me, division, cameDue(sql, me, division), limit);
  const [rows, [{ total, lookedAt }]] = await Promise.all([
    sql<MyFollowUp[]>`
      select ${myFollowUpColumns(sql)}
        from (select * from (${ids}) i order by i.follow_up_date, i.id limit ${limit}) p
        join notes n on n.id = p.id join leads l on l.id = n.lead_id
       order by p.follow_up_date, p.id`,
    sql<{ total: number; lookedAt: Date }[]>`
      select ${cappedCount(sql, myFollowUpIds(sql, me, division, cameDue(sql, me, division), MY_DAY_COUNT_CAP))} as total,
             now() as looked_at`,
  ]);
  return { followUps: rows, total, lookedAt };
}

/** The actor has looked at the bell of `divisions`: what came due there by `at` (default now) is no longer new. */
export async function markBellSeen(
  actor: Actor,
  divisions: readonly Division[],
  at?: Date,
): Promise<{ seenAt: Date }> {
  for (const division of divisions) requireDivisionAccess(actor, division);
  const sql = await db(actor);
  // A transaction, as every write: a request's Idempotency-Key is kept with it (docs/decisions/024).
  return sql.begin(async (tx) => {
    const [row] = await tx<{ seenAt: Date }[]>`select coalesce(${at ?? null}::timestamptz, now()) as seen_at`;
    await tx`
      insert into bell_seen (user_id, division, seen_at)
      select ${actor.user.id}, division, ${row.seenAt} from unnest(${tx.array([...divisions])}::text[]) as division
      on conflict (user_id, division) do update set seen_at = greatest(bell_seen.seen_at, excluded.seen_at)`;
    return row;
  });
}
