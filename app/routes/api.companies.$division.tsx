import { defineApi } from "~/api/define-api.server";
import { division, json, operation } from "~/api/operation";
import { companySearchSchema } from "~/models/contact.schema";
import { suggestCompanies } from "~/models/contact.server";

/**
 * GET /api/companies/{division}?search=: the Add New Contact dialog's company suggestions (SPEC.md): the
 * division's lead companies containing the text, de-duplicated, sorted, at most 5.
 */
export const api = defineApi([
  operation({
    method: "GET",
    id: "suggestCompanies",
    tag: "Contacts",
    summary: "Company name suggestions",
    description: "The division's lead companies containing `search`, de-duplicated and sorted, at most 5.",
    params: { division: division() },
    query: companySearchSchema,
    answers: { 200: json("Company names.", { type: "array", items: { type: "string" }, maxItems: 5 }) },
    errors: { 400: "`Invalid input` for `search`." },
    handler: ({ actor, params, query }) => suggestCompanies(actor, params.division, query.search),
  }),
]);

export const { loader, action } = api;
