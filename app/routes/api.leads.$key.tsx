import { defineApi } from "~/api/define-api.server";
import { json, operation, recordOf, ref } from "~/api/operation";
import { updateLeadSchema } from "~/models/lead.schema";
import { archiveLead, getLead, updateLead } from "~/models/lead.server";
import { leadListOperation } from "~/screens/leads/lead-list-operation.server";

/**
 * GET /api/leads/{division}: the division's active leads (X-Total-Count holds the number of matches).
 * PATCH /api/leads/{id} updates; DELETE /api/leads/{id} archives.
 */
export const api = defineApi([
  leadListOperation(false),
  operation({
    method: "PATCH",
    id: "updateLead",
    tag: "Leads",
    summary: "Update a lead",
    description:
      "Here `{key}` is a lead's id. Any subset of the fields; absent ones keep their value. With `version`, a save " +
      "based on an older read is refused (409) and nothing changes.",
    params: { key: recordOf("lead") },
    body: updateLeadSchema,
    answers: { 200: json("The updated lead.", ref("Lead")) },
    errors: { 409: "`This lead was changed by someone else. Reload and try again.`" },
    find: ({ actor, params }) => getLead(actor, params.key),
    handler: ({ actor, params, body }) => updateLead(actor, params.key, body),
  }),
  operation({
    method: "DELETE",
    id: "archiveLead",
    tag: "Leads",
    summary: "Archive a lead",
    description: "Here `{key}` is a lead's id.",
    params: { key: recordOf("lead") },
    answers: { 200: json("The archived lead.", ref("Lead")) },
    handler: ({ actor, params }) => archiveLead(actor, params.key),
  }),
]);

export const { loader, action } = api;
