import { requireApiActor } from "~/auth/current-user.server";
import { requireDivisionAccess } from "~/models/actor.server";
import { followUpRangeSchema } from "~/models/follow-up.schema";
import { listFollowUps } from "~/models/note.server";
import {
  apiRoute,
  jsonResponse,
  methodNotAllowed,
  parseInput,
  queryOf,
  requireDivisionParam,
} from "~/http/api.server";

/**
 * GET /api/follow-ups/{division}?from=&to=: the follow-ups on the division's non-archived leads, soonest first
 * (CONTRACT.md "Follow-ups"); a date-only `to` includes that whole UTC day.
 */
export const loader = apiRoute(async ({ request, context, params }) => {
  const actor = await requireApiActor(request, context);
  const division = requireDivisionParam(params.division);
  requireDivisionAccess(actor, division);
  const range = parseInput(followUpRangeSchema, queryOf(request));
  return jsonResponse(await listFollowUps(actor, division, range));
});

export const action = () => methodNotAllowed("GET");
