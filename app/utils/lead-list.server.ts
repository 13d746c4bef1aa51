import { listLeads, requireDivisionAccess } from "~/models/lead.server";
import { leadListParamsSchema } from "~/models/lead.schema";
import type { Actor } from "~/models/user.server";
import { jsonResponse, parseInput } from "./api.server";
import type { Division } from "./divisions";

/** The JSON list answer: a bare array of leads, with the number of matches in X-Total-Count. */
export async function leadListResponse(
  actor: Actor,
  division: Division,
  request: Request,
  archived: boolean,
) {
  requireDivisionAccess(actor, division);
  const params = parseInput(leadListParamsSchema, Object.fromEntries(new URL(request.url).searchParams));
  const { leads, total } = await listLeads(actor, division, {
    archived,
    myLeadsOnly: params.myLeadsOnly,
    search: params.search,
    status: params.status,
    sort: params.sort,
    direction: params.dir,
    limit: params.limit,
    offset: params.offset,
  });
  return jsonResponse(leads, { headers: { "X-Total-Count": String(total) } });
}
