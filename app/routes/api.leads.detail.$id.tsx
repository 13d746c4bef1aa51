import { defineApi } from "~/api/define-api.server";
import { json, operation, recordOf, ref } from "~/api/operation";
import { getLeadDetail } from "~/models/lead.server";

/** GET /api/leads/detail/{id}: the lead with its progress (oldest first) and notes (newest first). */
export const api = defineApi([
  operation({
    method: "GET",
    id: "getLeadDetail",
    tag: "Leads",
    summary: "A lead with its progress and notes",
    params: { id: recordOf("lead") },
    answers: { 200: json("The lead detail.", ref("LeadDetail")) },
    handler: ({ actor, params }) => getLeadDetail(actor, params.id),
  }),
]);

export const { loader, action } = api;
