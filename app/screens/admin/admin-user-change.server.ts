import type { ActionFunctionArgs } from "@remix-run/node";
import type * as z from "zod";
import { requireAdmin, type Actor } from "~/models/actor.server";
import { requireUserRecord } from "~/models/user.server";
import type { User } from "~/models/user.schema";
import { apiRoute, jsonResponse, methodNotAllowed, parseInput, readJson } from "~/http/api.server";
import { recordId } from "~/utils/ids";
import { requireApiActor } from "~/auth/current-user.server";

/**
 * A change to one user through /api/admin/users/{userId}/…, with CONTRACT.md's checks in its order:
 * signed in (401), a JSON body (400, 413, 415), ADMIN (403), the user exists (404), valid input (400), then
 * the change (which may still refuse with 400 or 409; the model checks the role again itself).
 * Answers 200 with the changed user.
 */
export function adminUserChange<S extends z.ZodType>(
  schemas: Record<string, S>,
  change: (actor: Actor, userId: string, input: z.output<S>) => Promise<User>,
) {
  const allow = Object.keys(schemas).join(", ");
  return {
    loader: () => methodNotAllowed(allow),
    action: apiRoute(async ({ request, context, params }: ActionFunctionArgs) => {
      const schema = schemas[request.method];
      if (!schema) return methodNotAllowed(allow);
      const actor = await requireApiActor(request, context);
      const body = await readJson(request);
      requireAdmin(actor);
      const userId = recordId(params.userId);
      await requireUserRecord(actor, userId);
      return jsonResponse(await change(actor, userId, parseInput(schema, body)));
    }),
  };
}
