import { defineApi } from "~/api/define-api.server";
import { json, operation, recordOf, ref } from "~/api/operation";
import { restoreLead } from "~/models/lead.server";

/** PATCH /api/leads/{id}/unarchive: restores an archived lead; 200 with the lead. */
export const api = defineApi([
  operation({
    method: "PATCH",
    id: "restoreLead",
    tag: "Leads",
    summary: "Restore an archived lead",
    description: "Here `{key}` is a lead's id. No body.",
    params: { key: recordOf("lead") },
    answers: { 200: json("The restored lead.", ref("Lead")) },
    handler: ({ actor, params }) => restoreLead(actor, params.key),
  }),
]);

export const { loader, action } = api;
