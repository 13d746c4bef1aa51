import * as z from "zod";
import { blankAsNull, formNumber, isoDateTime, text } from "~/utils/zod";
import type { PersonRef } from "./user.schema";
import {
  DEFAULT_FOLLOW_UP_TIME,
  NOTE_OR_RECORDING_MESSAGE,
  NOTE_TYPES,
  SELECT_LEAD_MESSAGE,
  type NoteType,
} from "./note";

/** A note on a lead (CONTRACT.md); a follow-up is a note with a followUpDate. */
export type Note = {
  id: string;
  leadId: string;
  content: string;
  noteType: NoteType;
  voiceDuration: string | null;
  hasAudio: boolean;
  createdBy: PersonRef | null;
  createdAt: Date;
  followUpDate: Date | null;
  isFollowUpComplete: boolean;
};

export const CONTENT_MESSAGE = "Note cannot be empty";
const FIRST_YEAR = 1900;
const LAST_YEAR = 9999;
const DATE_RANGE_MESSAGE = `Follow-up date must be between the years ${FIRST_YEAR} and ${LAST_YEAR}`;
/** A day of recording is far beyond any voice note; the bound keeps the number one the database holds. */
export const MAX_VOICE_SECONDS = 86_400;

/**
 * ISO datetime (any offset; none means UTC), or a date alone, which means 09:00 UTC that day (the calendar's default). The
 * instant must fall in the years 1900 to 9999 in UTC, which PostgreSQL and every screen can show.
 */
const followUpDate = blankAsNull(
  z
    .union([isoDateTime("Follow-up date must be an ISO date"), z.iso.date()], {
      error: "Follow-up date must be an ISO date",
    })
    .transform((value) => new Date(value.length === 10 ? `${value}T09:00:00Z` : value))
    .refine((date) => {
      const year = date.getUTCFullYear();
      return year >= FIRST_YEAR && year <= LAST_YEAR;
    }, DATE_RANGE_MESSAGE)
    .nullish(),
);

const content = text(CONTENT_MESSAGE).trim().min(1, CONTENT_MESSAGE).max(10_000, "At most 10,000 characters");

/**
 * POST /api/notes: a note and its lead. The route checks leadId first, on its own (missing: 400; unknown,
 * malformed or foreign: 404), before the note's fields (CONTRACT.md's order).
 */
export const createNoteSchema = z
  .object({
    leadId: z.guid(),
    content,
    followUpDate,
    noteType: z.enum(NOTE_TYPES, { error: "Note type must be TEXT or VOICE" }).default("TEXT"),
    voiceDuration: blankAsNull(
      formNumber(
        z
          .number({ error: "Voice duration must be a number of seconds" })
          .int("Voice duration must be a whole number of seconds")
          .min(0, "Voice duration must be a number of seconds")
          .max(MAX_VOICE_SECONDS, `Voice duration must be at most ${MAX_VOICE_SECONDS} seconds`)
          .nullish(),
      ),
    ),
  })
  .transform((note) => ({
    ...note,
    voiceDuration: note.noteType === "VOICE" ? (note.voiceDuration ?? null) : null,
  }));
/** A new note's fields (its lead is given apart). */
export type NoteInput = Omit<z.output<typeof createNoteSchema>, "leadId">;

export const completeFollowUpSchema = z.object({
  isFollowUpComplete: z.literal(true, { error: "isFollowUpComplete must be true" }),
});

/** The lead detail's note form: a note, and optionally a follow-up date. */
export const noteFormSchema = z.object({ content, followUpDate });

/** A follow-up's time of day on the user's clock, "HH:MM"; blank means 09:00 (SPEC.md section 9). */
const timeOfDay = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Choose a time")
  .optional()
  .transform((time) => time || DEFAULT_FOLLOW_UP_TIME);

/**
 * The schedule panel's quick follow-up: a note and a date, both required (SPEC.md section 5), and a time on
 * the reader's clock (blank: 09:00).
 */
export const quickFollowUpSchema = z.object({
  content,
  followUpDate: followUpDate.refine((date) => date instanceof Date, "Choose a follow-up date"),
  followUpTime: timeOfDay,
});

/** The calendar's Schedule Follow-up dialog (SPEC.md section 5 "Calendar follow-up"); the day comes with it. */
export const calendarFollowUpSchema = z.object({
  leadId: z.uuid({ error: "Choose a lead" }),
  content,
  time: timeOfDay,
});

/** The field-notes screen's text note (SPEC.md section 5 "Field note"); a voice note goes through the API. */
export const fieldNoteSchema = z.object({
  leadId: z.uuid({ error: SELECT_LEAD_MESSAGE }),
  content: text(NOTE_OR_RECORDING_MESSAGE)
    .trim()
    .min(1, NOTE_OR_RECORDING_MESSAGE)
    .max(10_000, "At most 10,000 characters"),
});

/** My Day's Reschedule: a follow-up moved to a day and time on the user's clock. */
export const rescheduleFormSchema = z.object({
  noteId: z.uuid({ error: "Unknown follow-up" }),
  date: z.iso.date({ error: "Choose a date" }).refine((date) => {
    const year = Number(date.slice(0, 4));
    return year >= FIRST_YEAR && year <= LAST_YEAR;
  }, DATE_RANGE_MESSAGE),
  time: timeOfDay,
});
