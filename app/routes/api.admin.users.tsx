import { createUser, listUsers } from "~/models/user.server";
import { createUserSchema } from "~/models/user.schema";
import { apiRoute, jsonResponse, methodNotAllowed, parseInput, readJson } from "~/utils/api.server";
import { requireAdmin, requireApiActor } from "~/utils/auth.server";

export const loader = apiRoute(async ({ request, context }) => {
  requireAdmin(await requireApiActor(request, context));
  return jsonResponse(await listUsers());
});

export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  requireAdmin(actor);
  const user = await createUser(actor, parseInput(createUserSchema, body));
  return jsonResponse(user, { status: 201 });
});
