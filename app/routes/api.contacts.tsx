import { defineApi, divisionInBody } from "~/api/define-api.server";
import { json, operation, ref } from "~/api/operation";
import { createContactSchema } from "~/models/contact.schema";
import { createContact } from "~/models/contact.server";

/** POST /api/contacts: the contact form's fields plus companyDivision; 201 with the contact. */
export const api = defineApi([
  operation({
    method: "POST",
    id: "createContact",
    tag: "Contacts",
    summary: "Create a contact",
    body: createContactSchema,
    answers: { 201: json("The created contact.", ref("Contact")) },
    errors: { 403: "`Forbidden`: the division is not in your access." },
    allow: divisionInBody(createContactSchema.pick({ companyDivision: true })),
    handler: ({ actor, body: { companyDivision, ...input } }) => createContact(actor, companyDivision, input),
  }),
]);

export const { loader, action } = api;
