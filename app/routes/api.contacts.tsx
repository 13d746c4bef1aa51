import { requireApiActor } from "~/auth/current-user.server";
import { requireDivisionAccess } from "~/models/actor.server";
import { createContactSchema } from "~/models/contact.schema";
import { createContact } from "~/models/contact.server";
import { apiRoute, jsonResponse, methodNotAllowed, parseInput, readJson } from "~/http/api.server";

export const loader = () => methodNotAllowed("POST");

const divisionOnly = createContactSchema.pick({ companyDivision: true });

/** POST /api/contacts: the contact form's fields plus companyDivision; 201 with the contact. */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  // The division decides access (403), which CONTRACT.md checks before the other fields (400). Without a
  // valid division there is no access to check, and the 400 names every field at fault.
  const division = divisionOnly.safeParse(body);
  if (division.success) requireDivisionAccess(actor, division.data.companyDivision);
  const { companyDivision, ...input } = parseInput(createContactSchema, body);
  return jsonResponse(await createContact(actor, companyDivision, input), { status: 201 });
});
