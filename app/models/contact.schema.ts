import * as z from "zod";
import { DIVISIONS, type Division } from "~/utils/divisions";
import { pagingSchema } from "~/utils/paging";
import { optionalEmail, optionalText, requiredText, text } from "~/utils/zod";
import type { LeadStatus } from "./lead";

/** CONTRACT.md's Contact object. */
export type Contact = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  company: string;
  position: string | null;
  companyDivision: Division;
  createdAt: Date;
};

/** A lead as a contact card lists it; `isMain` marks the leads this contact is the main contact of. */
export type RelatedLead = {
  id: string;
  firstName: string;
  lastName: string;
  company: string;
  status: LeadStatus;
  isMain: boolean;
};

/** A contact with the first of its related leads and how many there are in all. */
export type ContactCard = Contact & { relatedLeads: RelatedLead[]; relatedCount: number };

const contactFields = {
  firstName: requiredText("First name is required", 100),
  lastName: requiredText("Last name is required", 100),
  email: optionalEmail(),
  phone: optionalText(50),
  company: requiredText("Company is required", 200),
  position: optionalText(100),
};

/** The Add New Contact dialog (SPEC.md section 5 "Contact form"), browser and server. */
export const contactFormSchema = z.object(contactFields);
export type ContactInput = z.output<typeof contactFormSchema>;

/** POST /api/contacts: the form's fields plus the division. */
export const createContactSchema = contactFormSchema.extend({
  companyDivision: z.enum(DIVISIONS, { error: "Company division must be TSS or NLH" }),
});

/** PATCH /api/contacts/{id} and the edit modal: any subset of the fields; absent ones keep their value. */
export const updateContactSchema = z.object(contactFields).partial();
export type ContactUpdate = z.output<typeof updateContactSchema>;

/** The contact grid's query string (GET /api/contacts/{division}). */
export const contactListParamsSchema = pagingSchema.extend({
  search: text().trim().max(200, "At most 200 characters").optional(),
});

/** GET /api/companies/{division}?search=: the company field's suggestions. */
export const companySearchSchema = z.object({
  search: text().trim().max(200, "At most 200 characters").optional().default(""),
});
