import { requireApiActor } from "~/auth/current-user.server";
import { requireDivisionAccess } from "~/models/actor.server";
import { duplicateQuerySchema } from "~/models/lead.schema";
import { findDuplicateLeads } from "~/models/lead.server";
import {
  apiRoute,
  jsonResponse,
  methodNotAllowed,
  parseInput,
  queryOf,
  requireDivisionParam,
} from "~/http/api.server";

/** GET /api/leads/{division}/duplicates?email=&firstName=&lastName= */
export const loader = apiRoute(async ({ request, context, params }) => {
  const actor = await requireApiActor(request, context);
  const division = requireDivisionParam(params.key);
  requireDivisionAccess(actor, division);
  const query = parseInput(duplicateQuerySchema, queryOf(request));
  return jsonResponse(await findDuplicateLeads(actor, division, query));
});

export const action = () => methodNotAllowed("GET");
