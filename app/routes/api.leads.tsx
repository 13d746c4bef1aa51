import { requireDivisionAccess } from "~/models/actor.server";
import { createLead } from "~/models/lead.server";
import { createLeadSchema } from "~/models/lead.schema";
import { apiRoute, jsonResponse, methodNotAllowed, parseInput, readJson } from "~/http/api.server";
import { requireApiActor } from "~/auth/current-user.server";

export const loader = () => methodNotAllowed("POST");

const divisionOnly = createLeadSchema.pick({ companyDivision: true });

/** POST /api/leads: the lead form's fields plus companyDivision; 201 with the lead. */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  // The division decides access (403), which CONTRACT.md checks before the other fields (400). Without a
  // valid division there is no access to check, and the 400 names every field at fault.
  const division = divisionOnly.safeParse(body);
  if (division.success) requireDivisionAccess(actor, division.data.companyDivision);
  const { companyDivision, ...input } = parseInput(createLeadSchema, body);
  return jsonResponse(await createLead(actor, companyDivision, input), { status: 201 });
});
