import { requireApiActor } from "~/auth/current-user.server";
import { requireAdmin } from "~/models/actor.server";
import { createUserSchema, userListParamsSchema } from "~/models/user.schema";
import { createUser, listUsers } from "~/models/user.server";
import {
  apiRoute,
  jsonResponse,
  listResponse,
  methodNotAllowed,
  parseInput,
  queryOf,
  readJson,
} from "~/http/api.server";

/** GET /api/admin/users: the users with their company access (optionally searched and paged by limit and offset or cursor; X-Total-Count). */
export const loader = apiRoute(async ({ request, context }) => {
  const actor = await requireApiActor(request, context);
  requireAdmin(actor);
  const { search, limit, offset, cursor } = parseInput(userListParamsSchema, queryOf(request));
  const { users, total, next } = await listUsers(actor, { search }, { limit, offset, cursor });
  return listResponse(users, total, { request, cursor: next });
});

/** POST /api/admin/users: a new user (201), or 409 for an e-mail another user has. */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  // Role (403) before input (400), in CONTRACT.md's order; createUser checks it again itself.
  requireAdmin(actor);
  const user = await createUser(actor, parseInput(createUserSchema, body));
  return jsonResponse(user, { status: 201 });
});
