import { requireDivisionAccess, type Actor } from "~/models/actor.server";
import { leadListParamsSchema } from "~/models/lead.schema";
import { listLeadPage, streamLeads } from "~/models/lead-list.server";
import { listResponse, parseInput, queryOf, streamedListResponse } from "~/http/api.server";
import type { Division } from "~/utils/divisions";

/**
 * GET /api/leads/{division} and /archived: a page when `limit` is given (with the next page's cursor), else
 * the whole list (after the cursor, if any) streamed; the number of matches in X-Total-Count either way.
 */
export async function leadListResponse(
  actor: Actor,
  division: Division,
  request: Request,
  archived: boolean,
) {
  // CONTRACT.md's order: access to the division (403) before the query's own checks (400).
  requireDivisionAccess(actor, division);
  const { limit, offset, cursor, dir, ...filters } = parseInput(leadListParamsSchema, queryOf(request));
  const query = { ...filters, archived, direction: dir };
  if (limit !== undefined) {
    const { leads, total, next } = await listLeadPage(actor, division, query, { limit, offset, cursor });
    return listResponse(leads, total, { request, cursor: next });
  }
  const { total, batches } = await streamLeads(actor, division, query, { offset, cursor });
  return streamedListResponse(total, batches, request.signal);
}
