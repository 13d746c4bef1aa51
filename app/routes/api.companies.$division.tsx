import { requireApiActor } from "~/auth/current-user.server";
import { requireDivisionAccess } from "~/models/actor.server";
import { companySearchSchema } from "~/models/contact.schema";
import { suggestCompanies } from "~/models/contact.server";
import {
  apiRoute,
  jsonResponse,
  methodNotAllowed,
  parseInput,
  queryOf,
  requireDivisionParam,
} from "~/http/api.server";

/**
 * GET /api/companies/{division}?search=: the Add New Contact dialog's company suggestions (SPEC.md): the
 * division's lead companies containing the text, de-duplicated, sorted, at most 5.
 */
export const loader = apiRoute(async ({ request, context, params }) => {
  const actor = await requireApiActor(request, context);
  const division = requireDivisionParam(params.division);
  requireDivisionAccess(actor, division);
  const { search } = parseInput(companySearchSchema, queryOf(request));
  return jsonResponse(await suggestCompanies(actor, division, search));
});

export const action = () => methodNotAllowed("GET");
