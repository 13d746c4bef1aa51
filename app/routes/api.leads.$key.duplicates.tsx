import { defineApi } from "~/api/define-api.server";
import { division, json, listOf, operation } from "~/api/operation";
import { duplicateQuerySchema } from "~/models/lead.schema";
import { findDuplicateLeads } from "~/models/lead.server";

/** GET /api/leads/{division}/duplicates?email=&firstName=&lastName= (CONTRACT.md "Duplicates"). */
export const api = defineApi([
  operation({
    method: "GET",
    id: "findDuplicateLeads",
    tag: "Leads",
    summary: "Find possible duplicates",
    description:
      "The division's leads, active and archived, with the given e-mail, or with both the given names. All blank gives `[]`.",
    params: { key: division() },
    query: duplicateQuerySchema,
    answers: { 200: json("The matching leads.", listOf("Lead")) },
    errors: { 400: "`Invalid input` for a query parameter." },
    handler: ({ actor, params, query }) => findDuplicateLeads(actor, params.key, query),
  }),
]);

export const { loader, action } = api;
