import { setPassword, requireUserRecord } from "~/models/user.server";
import { changePasswordInputSchema, setPasswordInputSchema } from "~/models/user.schema";
import {
  apiRoute,
  jsonResponse,
  methodNotAllowed,
  parseInput,
  readJson,
  requireId,
} from "~/utils/api.server";
import { requireAdmin, requireApiActor } from "~/utils/auth.server";

export const loader = () => methodNotAllowed("POST, PATCH");

/** POST {password} sets a first password (409 if one exists); PATCH {newPassword} changes it. */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "POST" && request.method !== "PATCH") return methodNotAllowed("POST, PATCH");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  requireAdmin(actor);
  const userId = requireId(params.userId);
  await requireUserRecord(userId);
  const user =
    request.method === "POST"
      ? await setPassword(actor, userId, parseInput(setPasswordInputSchema, body).password, "set")
      : await setPassword(actor, userId, parseInput(changePasswordInputSchema, body).newPassword, "change");
  return jsonResponse(user);
});
