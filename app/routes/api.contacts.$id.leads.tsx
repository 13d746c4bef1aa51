import { defineApi } from "~/api/define-api.server";
import { json, listOf, operation, PAGED, recordOf } from "~/api/operation";
import { getContact, listRelatedLeads, streamRelatedLeads } from "~/models/contact.server";
import { listResponse, streamedListResponse } from "~/http/api.server";
import { pagingSchema } from "~/utils/paging";

/**
 * GET /api/contacts/{id}/leads: the contact's related leads (CONTRACT.md): the division's leads with the
 * contact's company, and those it is the main contact of. A page with `limit`, else all, streamed;
 * X-Total-Count either way.
 */
export const api = defineApi([
  operation({
    method: "GET",
    id: "listContactLeads",
    tag: "Contacts",
    summary: "A contact's related leads",
    description:
      "The division's leads whose company is the contact's (trimmed, any case), and those it is the main contact of: " +
      "those first, then newest update. Without `limit` the whole list comes back.",
    params: { id: recordOf("contact") },
    query: pagingSchema,
    answers: { 200: json("The related leads.", listOf("Lead"), PAGED) },
    errors: { 400: "`Invalid input` (with `errors`) for a query parameter, a bad `cursor` included." },
    // CONTRACT.md's order: the contact found (404) before the query's checks (400).
    find: ({ actor, params }) => getContact(actor, params.id),
    handler: async ({ request, actor, params, query: { limit, offset, cursor } }) => {
      if (limit !== undefined) {
        const { leads, total, next } = await listRelatedLeads(actor, params.id, { limit, offset, cursor });
        return listResponse(leads, total, { request, cursor: next });
      }
      const { total, batches } = await streamRelatedLeads(actor, params.id, { offset, cursor });
      return streamedListResponse(total, batches, request.signal);
    },
  }),
]);

export const { loader, action } = api;
