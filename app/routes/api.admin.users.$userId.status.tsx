import { setUserStatus, requireUserRecord } from "~/models/user.server";
import { statusInputSchema } from "~/models/user.schema";
import {
  apiRoute,
  jsonResponse,
  methodNotAllowed,
  parseInput,
  readJson,
  requireId,
} from "~/utils/api.server";
import { requireAdmin, requireApiActor } from "~/utils/auth.server";

export const loader = () => methodNotAllowed("PATCH");

/** PATCH {isActive}: deactivation ends the user's sessions at once; the last active admin stays (409). */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  requireAdmin(actor);
  const userId = requireId(params.userId);
  await requireUserRecord(userId);
  const { isActive } = parseInput(statusInputSchema, body);
  return jsonResponse(await setUserStatus(actor, userId, isActive));
});
