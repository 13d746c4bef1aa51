import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiActor } from "~/auth/current-user.server";
import { requireDivisionAccess } from "~/models/actor.server";
import { contactListParamsSchema, updateContactSchema } from "~/models/contact.schema";
import { getContact, listContacts, streamContacts, updateContact } from "~/models/contact.server";
import {
  apiRoute,
  jsonResponse,
  listResponse,
  methodNotAllowed,
  parseInput,
  queryOf,
  readJson,
  requireDivisionParam,
  streamedListResponse,
} from "~/http/api.server";
import { recordId } from "~/utils/ids";

/**
 * GET /api/contacts/{division}: the division's contacts, company then name (a page with `limit`, else all,
 * streamed; X-Total-Count either way).
 */
export const loader = apiRoute(async ({ request, context, params }: LoaderFunctionArgs) => {
  const actor = await requireApiActor(request, context);
  const division = requireDivisionParam(params.key);
  requireDivisionAccess(actor, division);
  const { limit, offset, cursor, search } = parseInput(contactListParamsSchema, queryOf(request));
  if (limit !== undefined) {
    const page = await listContacts(actor, division, search, { limit, offset, cursor });
    return listResponse(page.contacts, page.total, { request, cursor: page.next });
  }
  const { total, batches } = await streamContacts(actor, division, search, { offset, cursor });
  return streamedListResponse(total, batches, request.signal);
});

/** PATCH /api/contacts/{id}: any of firstName, lastName, email, phone, company, position; 200 with the contact. */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "PATCH") return methodNotAllowed("GET, PATCH");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  const id = recordId(params.key);
  await getContact(actor, id);
  return jsonResponse(await updateContact(actor, id, parseInput(updateContactSchema, body)));
});
