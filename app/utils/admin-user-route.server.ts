import type { ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { requireUserRecord, type Actor, type User } from "~/models/user.server";
import { apiRoute, jsonResponse, methodNotAllowed, parseInput, readJson, requireId } from "./api.server";
import { requireAdmin, requireApiActor } from "./auth.server";

/**
 * A change to one user through /api/admin/users/{userId}/…, with CONTRACT.md's checks in its order:
 * signed in (401), a JSON body (400, 413, 415), ADMIN (403), the user exists (404), valid input (400),
 * then the change (which may still refuse with 400 or 409). Answers 200 with the changed user.
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
      const userId = requireId(params.userId);
      await requireUserRecord(userId);
      return jsonResponse(await change(actor, userId, parseInput(schema, body)));
    }),
  };
}
