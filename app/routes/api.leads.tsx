import { defineApi, divisionInBody } from "~/api/define-api.server";
import { json, operation, ref } from "~/api/operation";
import { createLeadSchema } from "~/models/lead.schema";
import { createLead } from "~/models/lead.server";

/** POST /api/leads: the lead form's fields plus companyDivision; 201 with the lead. */
export const api = defineApi([
  operation({
    method: "POST",
    id: "createLead",
    tag: "Leads",
    summary: "Create a lead",
    description:
      "Links the lead to the division's contact with the same e-mail, or creates one from the lead's person fields.",
    body: createLeadSchema,
    answers: { 201: json("The created lead.", ref("Lead")) },
    errors: { 403: "`Forbidden`: the division is not in your access." },
    allow: divisionInBody(createLeadSchema.pick({ companyDivision: true })),
    handler: ({ actor, body: { companyDivision, ...input } }) => createLead(actor, companyDivision, input),
  }),
]);

export const { loader, action } = api;
