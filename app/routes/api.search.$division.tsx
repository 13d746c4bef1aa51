import { defineApi } from "~/api/define-api.server";
import { division, json, operation, ref } from "~/api/operation";
import { globalSearchSchema } from "~/models/search.schema";
import { globalSearch } from "~/models/search.server";

/**
 * GET /api/search/{division}?q=: the global search (docs/decisions/030-global-search.md): a few of the
 * division's leads, contacts and company names containing `q`, each group saying whether it has more.
 */
export const api = defineApi([
  operation({
    method: "GET",
    id: "globalSearch",
    tag: "Search",
    summary: "Search leads, contacts and companies",
    description:
      "The division's leads (active and archived, `isArchived` marks them), contacts and company names " +
      "containing `q` (a substring of first name, last name, e-mail or company, any case), up to 5 of each; " +
      "`more` says which group has more. A blank `q` finds nothing.",
    params: { division: division() },
    query: globalSearchSchema,
    answers: { 200: json("The groups.", ref("GlobalSearch")) },
    errors: { 400: "`Invalid input` for `q`." },
    handler: ({ actor, params, query }) => globalSearch(actor, params.division, query.q),
  }),
]);

export const { loader, action } = api;
