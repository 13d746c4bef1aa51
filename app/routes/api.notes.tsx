import { defineApi } from "~/api/define-api.server";
import { json, operation, ref } from "~/api/operation";
import { createNote, requireNoteLead } from "~/models/note.server";
import { createNoteSchema } from "~/models/note.schema";
import { SELECT_LEAD_MESSAGE } from "~/models/note";
import { invalidInput } from "~/utils/errors";
import { recordId } from "~/utils/ids";

/** POST /api/notes {content, leadId, followUpDate?, noteType?, voiceDuration?}: 201 with the note. */
export const api = defineApi([
  operation({
    method: "POST",
    id: "createNote",
    tag: "Notes and follow-ups",
    summary: "Add a note to a lead",
    description:
      "A date alone as `followUpDate` means 09:00 UTC that day. `voiceDuration` is kept for VOICE notes only.",
    body: createNoteSchema,
    answers: { 201: json("The created note.", ref("Note")) },
    errors: { 404: "`Not found`: the lead is unknown, malformed, or in a division you cannot access." },
    // No lead at all is invalid input; an unknown, malformed or foreign one is 404, checked before the note's
    // own fields (CONTRACT.md's order).
    find: async ({ actor, body }) => {
      const { leadId } = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
      if (typeof leadId !== "string" || leadId === "") throw invalidInput({ leadId: [SELECT_LEAD_MESSAGE] });
      const id = recordId(leadId);
      await requireNoteLead(actor, id);
      return id;
    },
    handler: ({ actor, found, body }) => createNote(actor, found, body),
  }),
]);

export const { loader, action } = api;
