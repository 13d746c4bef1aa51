import { changeRole, requireUserRecord } from "~/models/user.server";
import { roleInputSchema } from "~/models/user.schema";
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

export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  requireAdmin(actor);
  const userId = requireId(params.userId);
  await requireUserRecord(userId);
  const { role } = parseInput(roleInputSchema, body);
  return jsonResponse(await changeRole(actor, userId, role));
});
