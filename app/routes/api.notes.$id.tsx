import { defineApi } from "~/api/define-api.server";
import { json, operation, recordOf, ref } from "~/api/operation";
import { completeFollowUp, requireNote } from "~/models/note.server";
import { completeFollowUpSchema } from "~/models/note.schema";

/** PATCH /api/notes/{id} {isFollowUpComplete: true}: Mark Complete; 200 with the note. */
export const api = defineApi([
  operation({
    method: "PATCH",
    id: "completeFollowUp",
    tag: "Notes and follow-ups",
    summary: "Mark a follow-up complete",
    params: { id: recordOf("note") },
    body: completeFollowUpSchema,
    answers: { 200: json("The note.", ref("Note")) },
    errors: { 400: "`Invalid input`: not `true`, or the note has no follow-up." },
    find: ({ actor, params }) => requireNote(actor, params.id),
    handler: ({ actor, params }) => completeFollowUp(actor, params.id),
  }),
]);

export const { loader, action } = api;
