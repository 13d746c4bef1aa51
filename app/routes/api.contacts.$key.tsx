import { defineApi } from "~/api/define-api.server";
import { division, json, listOf, operation, PAGED, recordOf, ref } from "~/api/operation";
import { contactListParamsSchema, updateContactSchema } from "~/models/contact.schema";
import { getContact, listContacts, streamContacts, updateContact } from "~/models/contact.server";
import { listResponse, streamedListResponse } from "~/http/api.server";

/**
 * GET /api/contacts/{division}: the division's contacts, company then name (a page with `limit`, else all,
 * streamed; X-Total-Count either way). PATCH /api/contacts/{id}: any of firstName, lastName, email, phone,
 * company, position; 200 with the contact.
 */
export const api = defineApi([
  operation({
    method: "GET",
    id: "listContacts",
    tag: "Contacts",
    summary: "List a division's contacts",
    description:
      "Here `{key}` is a division. By company, then name; `X-Total-Count` holds the number of matches. " +
      "Without `limit` the whole list comes back.",
    params: { key: division() },
    query: contactListParamsSchema,
    answers: { 200: json("The contacts.", listOf("Contact"), PAGED) },
    errors: { 400: "`Invalid input` (with `errors`) for a query parameter, a bad `cursor` included." },
    handler: async ({ request, actor, params, query: { limit, offset, cursor, search } }) => {
      if (limit !== undefined) {
        const page = await listContacts(actor, params.key, search, { limit, offset, cursor });
        return listResponse(page.contacts, page.total, { request, cursor: page.next });
      }
      const { total, batches } = await streamContacts(actor, params.key, search, { offset, cursor });
      return streamedListResponse(total, batches, request.signal);
    },
  }),
  operation({
    method: "PATCH",
    id: "updateContact",
    tag: "Contacts",
    summary: "Update a contact",
    description: "Here `{key}` is a contact's id. Any subset of the fields; absent ones keep their value.",
    params: { key: recordOf("contact") },
    body: updateContactSchema,
    answers: { 200: json("The updated contact.", ref("Contact")) },
    find: ({ actor, params }) => getContact(actor, params.key),
    handler: ({ actor, params, body }) => updateContact(actor, params.key, body),
  }),
]);

export const { loader, action } = api;
