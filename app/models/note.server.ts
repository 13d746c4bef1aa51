import { db, type Sql, type Tx } from "~/db/db.server";
import { forbidden, invalidInput, notFound } from "~/utils/errors";
import type { Division } from "~/utils/divisions";
import {
  inActorDivisions,
  isAdmin,
  requireDivisionAccess,
  requireWriteAccess,
  type Actor,
} from "./actor.server";
import { recordAudit } from "./audit.server";
import type { FollowUp, FollowUpRange } from "./follow-up.schema";
import type { Note, NoteInput } from "./note.schema";
import { personRef } from "./user.server";

function noteSelect(sql: Sql | Tx) {
  return sql`
    select n.id, n.lead_id, n.content, n.note_type, n.voice_duration::text as voice_duration,
           n.audio_content_type is not null as has_audio, ${personRef(sql, "u")} as created_by,
           n.created_at, n.follow_up_date, n.is_follow_up_complete
      from notes n
      join leads l on l.id = n.lead_id
      left join users u on u.id = n.created_by`;
}

/** A note the actor may see, or 404; `lock` holds it for the caller's transaction. */
async function getNote(sql: Sql | Tx, actor: Actor, id: string, { lock = false } = {}): Promise<Note> {
  const [note] = await sql<Note[]>`
    ${noteSelect(sql)}
     where n.id = ${id} and ${inActorDivisions(sql, actor, "l.company_division")}
     ${lock ? sql`for update of n` : sql``}`;
  if (!note) throw notFound();
  return note;
}

/** A lead's notes, newest first (none for a lead the actor may not see). */
export async function listLeadNotes(sql: Sql | Tx, actor: Actor, leadId: string): Promise<Note[]> {
  return sql<Note[]>`
    ${noteSelect(sql)}
     where n.lead_id = ${leadId} and ${inActorDivisions(sql, actor, "l.company_division")}
     order by n.created_at desc, n.id desc`;
}

/** 404 unless the lead exists in one of the actor's divisions. */
export async function requireNoteLead(actor: Actor, leadId: string) {
  const sql = await db(actor);
  const [lead] = await sql`
    select 1 from leads where id = ${leadId} and ${inActorDivisions(sql, actor, "company_division")}`;
  if (!lead) throw notFound();
}

/** A new note, read back in the same transaction: once it is committed, the answer is a success. */
export async function createNote(actor: Actor, leadId: string, input: NoteInput): Promise<Note> {
  requireWriteAccess(actor);
  await requireNoteLead(actor, leadId);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const [{ id }] = await tx<{ id: string }[]>`
      insert into notes (lead_id, content, note_type, voice_duration, follow_up_date, created_by)
      values (${leadId}, ${input.content}, ${input.noteType}, ${input.voiceDuration},
              ${input.followUpDate ?? null}, ${actor.user.id})
      returning id`;
    return getNote(tx, actor, id);
  });
}

/** Mark Complete: only a note with a follow-up date can be completed. */
export async function completeFollowUp(actor: Actor, id: string): Promise<Note> {
  requireWriteAccess(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const note = await getNote(tx, actor, id, { lock: true });
    if (!note.followUpDate) {
      throw invalidInput({ isFollowUpComplete: ["This note has no follow-up to complete"] });
    }
    // When and by whom, for the lead's timeline (models/timeline.server.ts); completing twice keeps the first.
    await tx`
      update notes
         set is_follow_up_complete = true, updated_at = now(),
             follow_up_completed_at = coalesce(follow_up_completed_at, now()),
             follow_up_completed_by = coalesce(follow_up_completed_by, ${actor.user.id})
       where id = ${id}`;
    return { ...note, isFollowUpComplete: true };
  });
}

/**
 * Reschedule: an open follow-up moves to `followUpDate`; its e-mail reminder is due again at the new time.
 */
export async function rescheduleFollowUp(actor: Actor, id: string, followUpDate: Date): Promise<Note> {
  requireWriteAccess(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const note = await getNote(tx, actor, id, { lock: true });
    if (!note.followUpDate) {
      throw invalidInput({ followUpDate: ["This note has no follow-up to reschedule"] });
    }
    if (note.isFollowUpComplete) {
      throw invalidInput({ followUpDate: ["This follow-up is already complete"] });
    }
    await tx`
      update notes set follow_up_date = ${followUpDate}, reminded_at = null, updated_at = now() where id = ${id}`;
    return { ...note, followUpDate };
  });
}

/** 404 unless the note exists on a lead the actor may see (checked before the input). */
export async function requireNote(actor: Actor, id: string) {
  await getNote(await db(actor), actor, id);
}

/**
 * The follow-ups on a division's non-archived leads, as the calendar's index holds them: each note carries its
 * lead's division and archive state (sql/00009), so a date range is read without visiting the leads. With
 * `mine` (a user's id), only those on the leads that user created or is assigned to, which the note carries
 * too (sql/00021, read from the creator's and the assignee's indexes).
 */
function calendarFollowUps(sql: Sql | Tx, division: Division, mine: string | null = null) {
  return sql`n.lead_division = ${division} and not n.lead_archived and n.follow_up_date is not null
    ${mine ? sql`and (n.lead_created_by = ${mine} or n.lead_assigned_to = ${mine})` : sql``}`;
}

/** CONTRACT.md's Follow-up, from a note `n` and its lead `l`. */
function followUpColumns(sql: Sql | Tx) {
  return sql`n.id, n.lead_id, l.first_name || ' ' || l.last_name as lead_name, n.content, n.follow_up_date,
             n.is_follow_up_complete`;
}

/**
 * The follow-ups on a division's non-archived leads (CONTRACT.md), soonest first, within the range when one is
 * given.
 */
export async function listFollowUps(
  actor: Actor,
  division: Division,
  range: Partial<FollowUpRange> = {},
): Promise<FollowUp[]> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  return sql<FollowUp[]>`
    select ${followUpColumns(sql)}
      from notes n join leads l on l.id = n.lead_id
     where ${calendarFollowUps(sql, division)}
       ${range.from ? sql`and n.follow_up_date >= ${range.from}` : sql``}
       ${range.to ? (range.toExclusive ? sql`and n.follow_up_date < ${range.to}` : sql`and n.follow_up_date <= ${range.to}`) : sql``}
     order by n.follow_up_date, n.id`;
}

/**
 * A page of a calendar panel: the follow-ups due from `from` to before `to`, soonest first (`openOnly`: the
 * incomplete ones; `mine`: a user's only), and how many there are in all, counted in the same scan of the index. At a million leads
 * a day holds over a thousand, so a panel shows a page of them, not the day.
 */
export async function listFollowUpPage(
  actor: Actor,
  division: Division,
  { from, to }: { from: Date; to: Date },
  {
    openOnly = false,
    mine = null,
    limit,
    offset,
  }: { openOnly?: boolean; mine?: string | null; limit: number; offset: number },
): Promise<{ followUps: FollowUp[]; total: number }> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const matches = sql`
      from notes n
     where ${calendarFollowUps(sql, division, mine)} and n.follow_up_date >= ${from} and n.follow_up_date < ${to}
       ${openOnly ? sql`and not n.is_follow_up_complete` : sql``}`;
  const rows = await sql<(FollowUp & { total: number })[]>`
    with page as (
      select n.id, n.follow_up_date, count(*) over ()::int as total
      ${matches}
       order by n.follow_up_date, n.id
       limit ${limit} offset ${offset}
    )
    select ${followUpColumns(sql)}, page.total
      from page join notes n on n.id = page.id join leads l on l.id = n.lead_id
     order by page.follow_up_date, page.id`;
  // A page past the end (an old link, after some were completed) has no row to carry the count.
  const [{ total }] = rows.length
    ? rows
    : await sql<{ total: number }[]>`select count(*)::int as total ${matches}`;
  return { followUps: rows.map(({ total: _, ...followUp }) => followUp), total };
}

/**
 * A run of days' first follow-ups and how many each day holds (`mine`: a user's only), for a calendar's cells: `dayStarts` are the UTC
 * instants the days begin, then the instant the last one ends (days in the user's zone). Each day is counted
 * from the calendar's index alone, and only the `perDay` follow-ups a day it sends are read from notes and
 * leads: at a million leads a month's grid holds 40,000 follow-ups (docs/scaling.md "The calendar").
 */
export async function listFollowUpDays(
  actor: Actor,
  division: Division,
  dayStarts: Date[],
  perDay: number,
  mine: string | null = null,
): Promise<{ followUps: FollowUp[]; total: number }[]> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const bounds = sql.array(dayStarts.map((start) => start.toISOString()));
  const onDay = sql`${calendarFollowUps(sql, division, mine)}
    and n.follow_up_date >= days.starts and n.follow_up_date < days.ends`;
  const rows = await sql<(FollowUp & { day: number; total: number })[]>`
    with days as (
      select (b.day - 1)::int as day, b.starts, lead(b.starts) over (order by b.day) as ends
        from unnest(${bounds}::timestamptz[]) with ordinality as b (starts, day)
    )
    select f.id, f.lead_id, f.lead_name, f.content, f.follow_up_date, f.is_follow_up_complete, days.day, c.total
      from days
     cross join lateral (select count(*)::int as total from notes n where ${onDay}) c
     cross join lateral (
       select ${followUpColumns(sql)}
         from notes n join leads l on l.id = n.lead_id
        where ${onDay}
        order by n.follow_up_date, n.id
        limit ${perDay}
     ) f
     where days.ends is not null
     order by days.day, f.follow_up_date, f.id`;
  const days = Array.from({ length: dayStarts.length - 1 }, () => ({
    followUps: [] as FollowUp[],
    total: 0,
  }));
  for (const { day, total, ...followUp } of rows) {
    days[day].followUps.push(followUp);
    days[day].total = total;
  }
  return days;
}

/** The audio types a voice note may be stored as (CONTRACT.md "Voice audio"). */
export const AUDIO_TYPES = ["audio/webm", "audio/ogg", "audio/mp4"] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];

/**
 * Stores a voice note's recording, or replaces the one it has: only the note's author or an admin may, and
 * every time is in the audit log. Only a voice note holds audio.
 */
export async function storeNoteAudio(
  actor: Actor,
  id: string,
  audio: Uint8Array,
  type: AudioType,
): Promise<Note> {
  requireWriteAccess(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const note = await getNote(tx, actor, id, { lock: true });
    if (note.createdBy?.id !== actor.user.id && !isAdmin(actor)) throw forbidden();
    if (note.noteType !== "VOICE") {
      throw invalidInput({ audio: ["Only a voice note holds a recording"] });
    }
    if (audio.byteLength === 0) throw invalidInput({ audio: ["The recording is empty"] });
    await tx`update notes set audio = ${audio}, audio_content_type = ${type}, updated_at = now() where id = ${id}`;
    await recordAudit(tx, {
      action: "NOTE_AUDIO_STORED",
      user: actor.user,
      resource: `note:${id}`,
      details: `${note.hasAudio ? "Replaced" : "Stored"} the recording of a voice note (${type}, ${audio.byteLength} bytes) on lead:${note.leadId}`,
      info: actor.info,
    });
    return { ...note, hasAudio: true };
  });
}

/** A voice note's recording: its type and size, and a function that reads a slice (for range requests). */
export async function findNoteAudio(actor: Actor, id: string) {
  const sql = await db(actor);
  const [row] = await sql<{ contentType: AudioType | null; size: number | null }[]>`
    select n.audio_content_type as content_type, octet_length(n.audio) as size
      from notes n join leads l on l.id = n.lead_id
     where n.id = ${id} and ${inActorDivisions(sql, actor, "l.company_division")}`;
  if (!row) throw notFound();
  if (!row.contentType || row.size === null) return null;
  return {
    contentType: row.contentType,
    size: row.size,
    /** Bytes `start` to `end`, both included. */
    async read(start: number, end: number): Promise<Uint8Array> {
      const [slice] = await sql<{ bytes: Uint8Array }[]>`
        select substring(audio from ${start + 1} for ${end - start + 1}) as bytes from notes where id = ${id}`;
      return slice.bytes;
    },
  };
}
