import { createNote, requireNoteLead } from "~/models/note.server";
import { createNoteSchema } from "~/models/note.schema";
import { apiRoute, jsonResponse, methodNotAllowed, parseInput, readJson } from "~/utils/api.server";
import { recordId } from "~/utils/ids";
import { requireApiActor } from "~/features/auth/current-user.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/notes {content, leadId, followUpDate?, noteType?, voiceDuration?}: 201 with the note. */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  // An unknown, malformed or foreign lead is 404, checked before the note's own fields.
  const leadId = recordId(typeof fields.leadId === "string" ? fields.leadId : undefined);
  await requireNoteLead(actor, leadId);
  return jsonResponse(await createNote(actor, leadId, parseInput(createNoteSchema, body)), { status: 201 });
});
