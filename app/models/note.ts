/** The note's values the browser shares with the server; no zod here (note.schema.ts has the schemas). */

export const NOTE_TYPES = ["TEXT", "VOICE"] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

/** A follow-up's time when only its day is chosen (SPEC.md section 9), on the clock of whoever chose it. */
export const DEFAULT_FOLLOW_UP_TIME = "09:00";

/** The field-notes screen's messages (SPEC.md section 5 "Field note"). */
export const SELECT_LEAD_MESSAGE = "Please select a lead first";
export const NOTE_OR_RECORDING_MESSAGE = "Please add a note or voice recording";
