import { operation, PAGED, division, json, listOf } from "~/api/operation";
import { leadListParamsSchema } from "~/models/lead.schema";
import { listLeadPage, streamLeads } from "~/models/lead-list.server";
import { listResponse, streamedListResponse } from "~/http/api.server";

/**
 * GET /api/leads/{division} and /archived: a page when `limit` is given (with the next page's cursor), else
 * the whole list (after the cursor, if any) streamed; the number of matches in X-Total-Count either way.
 */
export function leadListOperation(archived: boolean) {
  return operation({
    method: "GET",
    id: archived ? "listArchivedLeads" : "listLeads",
    tag: "Leads",
    summary: archived ? "List a division's archived leads" : "List a division's active leads",
    description:
      "Newest update first unless sorted. A bare array; the number of all matches is in `X-Total-Count`. " +
      "Without `limit` the whole list comes back, counted exactly. With `limit` and narrowed by a value or date " +
      "range or `overdue`, the count stops early: `X-Total-Count` is then at most 10001, which means 10,001 or more.",
    params: { key: division() },
    query: leadListParamsSchema,
    answers: { 200: json("The leads.", listOf("Lead"), PAGED) },
    errors: { 400: "`Invalid input` (with `errors`) for a query parameter, a bad `cursor` included." },
    handler: async ({ request, actor, params, query }) => {
      const { limit, offset, cursor, dir, ...filters } = query;
      const list = { ...filters, archived, direction: dir };
      if (limit !== undefined) {
        const { leads, total, next } = await listLeadPage(actor, params.key, list, { limit, offset, cursor });
        return listResponse(leads, total, { request, cursor: next });
      }
      const { total, batches } = await streamLeads(actor, params.key, list, { offset, cursor });
      return streamedListResponse(total, batches, request.signal);
    },
  });
}
