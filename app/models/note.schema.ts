import { z } from "zod";

export const NOTE_TYPES = ["TEXT", "VOICE"] as const;

const CONTENT_MESSAGE = "Note cannot be empty";

/** ISO datetime (any offset), or a date alone, which means 09:00 UTC that day (the calendar's default). */
const followUpDate = z.preprocess(
  (value) => (value === "" ? null : value),
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: "Follow-up date must be an ISO date" })
    .transform((text) => new Date(text.length === 10 ? `${text}T09:00:00Z` : text))
    .nullish(),
);

const content = z
  .string({ error: CONTENT_MESSAGE })
  .trim()
  .min(1, CONTENT_MESSAGE)
  .max(10_000, "At most 10,000 characters");

/** POST /api/notes and the note forms. leadId is checked first, on its own (unknown or foreign: 404). */
export const createNoteSchema = z
  .object({
    content,
    followUpDate,
    noteType: z.enum(NOTE_TYPES, { error: "Note type must be TEXT or VOICE" }).default("TEXT"),
    voiceDuration: z.preprocess(
      (value) => (value === "" ? null : value),
      z.coerce
        .number({ error: "Voice duration must be a number of seconds" })
        .int("Voice duration must be a whole number of seconds")
        .min(0, "Voice duration must be a number of seconds")
        .nullish(),
    ),
  })
  .transform((note) => ({
    ...note,
    voiceDuration: note.noteType === "VOICE" ? (note.voiceDuration ?? null) : null,
  }));
export type NoteInput = z.output<typeof createNoteSchema>;

export const completeFollowUpSchema = z.object({
  isFollowUpComplete: z.literal(true, { error: "isFollowUpComplete must be true" }),
});

/** The schedule panel's quick follow-up: a note and a date, both required. */
export const quickFollowUpSchema = z.object({
  content,
  followUpDate: followUpDate.refine((date) => date instanceof Date, "Choose a follow-up date"),
});
