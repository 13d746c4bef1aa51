/**
 * A lead's timeline (docs/decisions/029-lead-timeline.md): the values the browser shares with the server, its
 * kinds, entry types and the outcomes of a logged call or e-mail, with their labels. No zod here
 * (timeline.schema.ts has the schemas).
 */
import type { LeadStatus } from "./lead";
import type { NoteType } from "./note";

/** The kinds the timeline is filtered by, in the filter's order. */
export const TIMELINE_KINDS = ["note", "status", "follow-up", "change", "archive", "call", "email"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const KIND_LABELS: Record<TimelineKind, string> = {
  note: "Notes",
  status: "Status",
  "follow-up": "Follow-ups",
  change: "Field changes",
  archive: "Archive",
  call: "Calls",
  email: "E-mails",
};

/** What happened, one entry each; a note with a follow-up date is its follow-up being scheduled. */
export const TIMELINE_TYPES = [
  "NOTE",
  "STATUS_CHANGED",
  "FOLLOW_UP_SCHEDULED",
  "FOLLOW_UP_COMPLETED",
  "FIELDS_CHANGED",
  "ARCHIVED",
  "RESTORED",
  "CALL_LOGGED",
  "EMAIL_LOGGED",
] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

export const ACTIVITY_KINDS = ["CALL", "EMAIL"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const CALL_OUTCOMES = ["CONNECTED", "LEFT_VOICEMAIL", "NO_ANSWER", "WRONG_NUMBER"] as const;
export const EMAIL_OUTCOMES = ["SENT", "REPLIED", "BOUNCED"] as const;
export const ACTIVITY_OUTCOMES = [...CALL_OUTCOMES, ...EMAIL_OUTCOMES] as const;
export type ActivityOutcome = (typeof ACTIVITY_OUTCOMES)[number];

/** The outcomes each kind may have (sql/00022 checks the same). */
export const OUTCOMES_OF: Record<ActivityKind, readonly ActivityOutcome[]> = {
  CALL: CALL_OUTCOMES,
  EMAIL: EMAIL_OUTCOMES,
};

export const OUTCOME_LABELS: Record<ActivityOutcome, string> = {
  CONNECTED: "Connected",
  LEFT_VOICEMAIL: "Left voicemail",
  NO_ANSWER: "No answer",
  WRONG_NUMBER: "Wrong number",
  SENT: "Sent",
  REPLIED: "Replied",
  BOUNCED: "Bounced",
};

/** One entry of a lead's timeline, newest first; the fields a type does not have are null. */
export type TimelineEntry = {
  /** The record the entry comes from: the note, progress row, audit entry or logged activity. */
  id: string;
  type: TimelineType;
  at: Date;
  /** Who did it; null when unknown (a user since deleted, or a follow-up completed before it was recorded). */
  by: { id: string | null; name: string } | null;
  /** The note's text, the status change's remark, the fields changed, the call's or e-mail's notes. */
  text: string | null;
  status: LeadStatus | null;
  outcome: ActivityOutcome | null;
  followUpDate: Date | null;
  noteType: NoteType | null;
  voiceDuration: string | null;
  hasAudio: boolean;
};

/** How the audit log names a lead's columns (models/lead.server.ts writes "Updated first_name, status"). */
const FIELD_LABELS: Record<string, string> = {
  first_name: "first name",
  last_name: "last name",
  email: "e-mail",
  phone: "phone",
  company: "company",
  position: "position",
  status: "status",
  estimated_value: "value",
  notes: "lead notes",
  assigned_to: "owner",
};

/** A field change's audit details as words: "Updated first_name, status" reads "Changed first name, status". */
export function changedFields(details: string) {
  const match = /^Updated (.+)$/.exec(details);
  if (!match) return details;
  return `Changed ${match[1]
    .split(", ")
    .map((column) => FIELD_LABELS[column] ?? column)
    .join(", ")}`;
}
