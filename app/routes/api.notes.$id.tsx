import { completeFollowUp, requireNote } from "~/models/note.server";
import { completeFollowUpSchema } from "~/models/note.schema";
import { apiRoute, jsonResponse, methodNotAllowed, parseInput, readJson } from "~/http/api.server";
import { recordId } from "~/utils/ids";
import { requireApiActor } from "~/auth/current-user.server";

export const loader = () => methodNotAllowed("PATCH");

/** PATCH /api/notes/{id} {isFollowUpComplete: true}: Mark Complete; 200 with the note. */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  const id = recordId(params.id);
  await requireNote(actor, id);
  parseInput(completeFollowUpSchema, body);
  return jsonResponse(await completeFollowUp(actor, id));
});
