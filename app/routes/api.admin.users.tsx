import { defineApi } from "~/api/define-api.server";
import { json, listOf, operation, PAGED, ref } from "~/api/operation";
import { createUserSchema, userListParamsSchema } from "~/models/user.schema";
import { createUser, listUsers } from "~/models/user.server";
import { listResponse } from "~/http/api.server";

/**
 * GET /api/admin/users: the users with their company access (optionally searched and paged by limit and
 * offset or cursor; X-Total-Count). POST: a new user (201), or 409 for an e-mail another user has.
 */
export const api = defineApi([
  operation({
    method: "GET",
    id: "listUsers",
    tag: "Administration",
    summary: "List users",
    description: "With their company access. `search` looks in names and e-mails.",
    access: "admin",
    query: userListParamsSchema,
    answers: { 200: json("The users.", listOf("User"), PAGED) },
    errors: { 400: "`Invalid input` (with `errors`) for a query parameter, a bad `cursor` included." },
    handler: async ({ request, actor, query: { search, limit, offset, cursor } }) => {
      const { users, total, next } = await listUsers(actor, { search }, { limit, offset, cursor });
      return listResponse(users, total, { request, cursor: next });
    },
  }),
  operation({
    method: "POST",
    id: "createUser",
    tag: "Administration",
    summary: "Create a user",
    // Role (403) before input (400), in CONTRACT.md's order; createUser checks it again itself.
    access: "admin",
    body: createUserSchema,
    answers: { 201: json("The created user.", ref("User")) },
    errors: { 409: "`A user with this email already exists`." },
    handler: ({ actor, body }) => createUser(actor, body),
  }),
]);

export const { loader, action } = api;
