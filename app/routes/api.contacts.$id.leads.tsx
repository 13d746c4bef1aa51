import { requireApiActor } from "~/auth/current-user.server";
import { getContact, listRelatedLeads, streamRelatedLeads } from "~/models/contact.server";
import {
  apiRoute,
  listResponse,
  methodNotAllowed,
  parseInput,
  queryOf,
  streamedListResponse,
} from "~/http/api.server";
import { recordId } from "~/utils/ids";
import { pagingSchema } from "~/utils/paging";

/**
 * GET /api/contacts/{id}/leads: the contact's related leads (CONTRACT.md): the division's leads with the
 * contact's company, and those it is the main contact of. A page with `limit`, else all, streamed;
 * X-Total-Count either way.
 */
export const loader = apiRoute(async ({ request, context, params }) => {
  const actor = await requireApiActor(request, context);
  const id = recordId(params.id);
  // CONTRACT.md's order: the contact found (404) before the query's checks (400).
  await getContact(actor, id);
  const { limit, offset, cursor } = parseInput(pagingSchema, queryOf(request));
  if (limit !== undefined) {
    const { leads, total, next } = await listRelatedLeads(actor, id, { limit, offset, cursor });
    return listResponse(leads, total, { request, cursor: next });
  }
  const { total, batches } = await streamRelatedLeads(actor, id, { offset, cursor });
  return streamedListResponse(total, batches, request.signal);
});

export const action = () => methodNotAllowed("GET");
