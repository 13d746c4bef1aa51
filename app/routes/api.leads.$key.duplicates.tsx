import { findDuplicateLeads, requireDivisionAccess } from "~/models/lead.server";
import { duplicateQuerySchema } from "~/models/lead.schema";
import {
  apiRoute,
  methodNotAllowed,
  jsonResponse,
  parseInput,
  requireDivisionParam,
} from "~/utils/api.server";
import { requireApiActor } from "~/utils/auth.server";

/** GET /api/leads/{division}/duplicates?email=&firstName=&lastName= */
export const loader = apiRoute(async ({ request, context, params }) => {
  const actor = await requireApiActor(request, context);
  const division = requireDivisionParam(params.key);
  requireDivisionAccess(actor, division);
  const query = parseInput(duplicateQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return jsonResponse(await findDuplicateLeads(actor, division, query));
});

export const action = () => methodNotAllowed("GET");
