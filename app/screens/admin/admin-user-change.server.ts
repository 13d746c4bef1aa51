import type * as z from "zod";
import { json, operation, recordOf, ref, type Parsed } from "~/api/operation";
import type { Actor } from "~/models/actor.server";
import { requireUserRecord } from "~/models/user.server";
import type { User } from "~/models/user.schema";

/**
 * A change to one user through /api/admin/users/{userId}/…, with CONTRACT.md's checks in its order:
 * signed in (401), a JSON body (400, 413, 415), ADMIN (403), the user exists (404), valid input (400), then
 * the change (which may still refuse with 400 or 409; the model checks the role again itself).
 * Answers 200 with the changed user.
 */
export function adminUserChange<S extends z.ZodType>(change: {
  method: "POST" | "PATCH";
  id: string;
  summary: string;
  body: S;
  errors?: Record<number, string>;
  apply: (actor: Actor, userId: string, input: Parsed<S>) => Promise<User>;
}) {
  return operation({
    method: change.method,
    id: change.id,
    tag: "Administration",
    summary: change.summary,
    access: "admin",
    params: { userId: recordOf("user", { inDivision: false }) },
    body: change.body,
    answers: { 200: json("The changed user.", ref("User")) },
    errors: change.errors,
    find: ({ actor, params }) => requireUserRecord(actor, params.userId),
    handler: ({ actor, params, body }) => change.apply(actor, params.userId, body),
  });
}
