import { ApiError, notFound } from "~/utils/api.server";
import { db, type Sql, type Tx } from "~/utils/db.server";
import type { NoteInput } from "./note.schema";
import { personRef, userDivisions, type Actor, type PersonRef } from "./user.server";

export type Note = {
  id: string;
  leadId: string;
  content: string;
  noteType: "TEXT" | "VOICE";
  voiceDuration: string | null;
  hasAudio: boolean;
  createdBy: PersonRef | null;
  createdAt: Date;
  followUpDate: Date | null;
  isFollowUpComplete: boolean;
};

function noteSelect(sql: Sql | Tx) {
  return sql`
    select n.id, n.lead_id, n.content, n.note_type, n.voice_duration::text as voice_duration,
           n.audio_content_type is not null as has_audio, ${personRef(sql, "u")} as created_by,
           n.created_at, n.follow_up_date, n.is_follow_up_complete
      from notes n
      join leads l on l.id = n.lead_id
      left join users u on u.id = n.created_by`;
}

async function getNote(sql: Sql | Tx, actor: Actor, id: string): Promise<Note> {
  const [note] = await sql<Note[]>`
    ${noteSelect(sql)}
     where n.id = ${id} and l.company_division = any(${sql.array(userDivisions(actor.user))}::text[])`;
  if (!note) throw notFound();
  return note;
}

/** A lead's notes, newest first. The caller has already checked that the actor may see the lead. */
export async function listLeadNotes(sql: Sql | Tx, leadId: string): Promise<Note[]> {
  return sql<Note[]>`${noteSelect(sql)} where n.lead_id = ${leadId} order by n.created_at desc, n.id desc`;
}

/** 404 unless the lead exists in one of the actor's divisions. */
export async function requireNoteLead(actor: Actor, leadId: string) {
  const sql = await db();
  const [lead] = await sql`
    select 1 from leads where id = ${leadId} and company_division = any(${sql.array(userDivisions(actor.user))}::text[])`;
  if (!lead) throw notFound();
}

export async function createNote(actor: Actor, leadId: string, input: NoteInput): Promise<Note> {
  await requireNoteLead(actor, leadId);
  const sql = await db();
  const [{ id }] = await sql<{ id: string }[]>`
    insert into notes (lead_id, content, note_type, voice_duration, follow_up_date, created_by)
    values (${leadId}, ${input.content}, ${input.noteType}, ${input.voiceDuration}, ${input.followUpDate ?? null},
            ${actor.user.id})
    returning id`;
  return getNote(sql, actor, id);
}

/** Mark Complete: only a note with a follow-up date can be completed. */
export async function completeFollowUp(actor: Actor, id: string): Promise<Note> {
  const sql = await db();
  const note = await getNote(sql, actor, id);
  if (!note.followUpDate) {
    throw new ApiError(400, "Invalid input", {
      isFollowUpComplete: ["This note has no follow-up to complete"],
    });
  }
  await sql`update notes set is_follow_up_complete = true, updated_at = now() where id = ${id}`;
  return { ...note, isFollowUpComplete: true };
}

/** 404 unless the note exists on a lead the actor may see (checked before the input). */
export async function requireNote(actor: Actor, id: string) {
  await getNote(await db(), actor, id);
}
