import { createNote, requireNoteLead } from "~/models/note.server";
import { createNoteSchema } from "~/models/note.schema";
import { SELECT_LEAD_MESSAGE } from "~/models/note";
import { apiRoute, jsonResponse, methodNotAllowed, parseInput, readJson } from "~/http/api.server";
import { invalidInput } from "~/utils/errors";
import { recordId } from "~/utils/ids";
import { requireApiActor } from "~/auth/current-user.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/notes {content, leadId, followUpDate?, noteType?, voiceDuration?}: 201 with the note. */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  // No lead at all is invalid input; an unknown, malformed or foreign one is 404, checked before the note's
  // own fields (CONTRACT.md's order).
  if (typeof fields.leadId !== "string" || fields.leadId === "")
    throw invalidInput({ leadId: [SELECT_LEAD_MESSAGE] });
  const leadId = recordId(fields.leadId);
  await requireNoteLead(actor, leadId);
  return jsonResponse(await createNote(actor, leadId, parseInput(createNoteSchema, body)), { status: 201 });
});
