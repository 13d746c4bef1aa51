import * as z from "zod";
import { DIVISIONS } from "~/utils/divisions";
import { isUuid } from "~/utils/ids";
import { isCalendarDay } from "~/utils/list-state";
import { pagingSchema } from "~/utils/paging";
import {
  blankAsNull,
  blankToUndefined,
  emailField,
  formNumber,
  optionalText,
  requiredText,
  text,
} from "~/utils/zod";
import { LEAD_SORTS, LEAD_STATUSES, type LeadStatus } from "./lead";

const MAX_VALUE = 999_999_999_999.99;
const VALUE_MESSAGE = "Estimated value must be a number of 0 or more";

/** A number or null; from a form, a numeric string, where blank means null. Two decimal places. */
const estimatedValue = blankAsNull(
  formNumber(
    z
      .number({ error: VALUE_MESSAGE })
      .min(0, VALUE_MESSAGE)
      .max(MAX_VALUE, VALUE_MESSAGE)
      .transform((value) => Math.round(value * 100) / 100)
      .nullish(),
  ),
);

/** A user id, or none ('' from the form's "Unassigned" option). */
const assignedToId = blankAsNull(z.uuid({ error: "Choose a user from the list" }).nullish());

const leadFields = {
  firstName: requiredText("First name is required", 100),
  lastName: requiredText("Last name is required", 100),
  email: emailField("Valid email is required", { lowercase: false }),
  phone: optionalText(50),
  company: requiredText("Company is required", 200),
  position: optionalText(100),
  status: z.enum(LEAD_STATUSES, { error: "Choose a valid status" }),
  estimatedValue,
  notes: optionalText(10_000),
  assignedToId,
};

/** The Add New Lead form (browser and server): the lead's fields, status NEW unless chosen. */
export const leadFormSchema = z.object({ ...leadFields, status: leadFields.status.default("NEW") });
export type LeadInput = z.output<typeof leadFormSchema>;

/** POST /api/leads: the form's fields plus the division. */
export const createLeadSchema = leadFormSchema.extend({
  companyDivision: z.enum(DIVISIONS, { error: "Company division must be TSS or NLH" }),
});

/**
 * The update form and PATCH /api/leads/{id}: any subset of the fields (absent ones keep their value), and
 * optionally the version the client read, so a stale save is refused instead of overwriting.
 */
export const updateLeadSchema = z
  .object(leadFields)
  .partial()
  .extend({ version: z.coerce.number({ error: "Invalid version" }).int().positive().optional() });
export type LeadUpdate = z.output<typeof updateLeadSchema>;

export const duplicateQuerySchema = z.object({
  email: text().trim().max(254, "At most 254 characters").optional().default(""),
  firstName: text().trim().max(100, "At most 100 characters").optional().default(""),
  lastName: text().trim().max(100, "At most 100 characters").optional().default(""),
});

const STATUS_LIST = new Set<string>(LEAD_STATUSES);

/** A value bound of the list's query: a number of 0 or more. */
const valueBound = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of 0 or more` })
    .min(0, `${name} must be a number of 0 or more`)
    .max(MAX_VALUE, `${name} must be a number of 0 or more`)
    .optional()
    .meta({
      description: `Leads whose estimated value is ${name === "minValue" ? "at least" : "at most"} this (GBP).`,
    });

/** A date bound of the list's query: a UTC calendar day, included. */
const dayBound = (name: string, field: string, edge: "from" | "to") =>
  text(`${name} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDay, `${name} must be a date (YYYY-MM-DD)`)
    .optional()
    .meta({
      description: `YYYY-MM-DD: leads ${field} ${edge === "from" ? "on or after" : "on or before"} this UTC day.`,
    });

/** The list's query string (GET /api/leads/{division} and /archived). */
export const leadListParamsSchema = pagingSchema.extend({
  myLeadsOnly: z
    .enum(["true", "false"], { error: "myLeadsOnly must be true or false" })
    .optional()
    .transform((value) => value === "true"),
  search: text().trim().max(200, "At most 200 characters").optional(),
  status: z
    .preprocess(
      blankToUndefined,
      text("Unknown status")
        .refine((list) => list.split(",").every((status) => STATUS_LIST.has(status)), "Unknown status")
        .transform((list) => [...new Set(list.split(","))] as LeadStatus[])
        .optional(),
    )
    .meta({ description: "A status, or several separated by commas (any of them)." }),
  owner: text("owner must be a user id or me")
    .refine((owner) => owner === "me" || isUuid(owner), "owner must be a user id or me")
    .transform((owner) => owner.toLowerCase())
    .optional()
    .meta({ description: "A user's id, or `me`: the leads created by or assigned to them." }),
  minValue: valueBound("minValue"),
  maxValue: valueBound("maxValue"),
  createdFrom: dayBound("createdFrom", "created", "from"),
  createdTo: dayBound("createdTo", "created", "to"),
  updatedFrom: dayBound("updatedFrom", "last updated", "from"),
  updatedTo: dayBound("updatedTo", "last updated", "to"),
  overdue: z
    .enum(["true", "false"], { error: "overdue must be true or false" })
    .optional()
    .transform((value) => value === "true")
    .meta({ description: "`true` keeps the leads with a follow-up past its time and not complete." }),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(LEAD_SORTS, { error: `sort must be one of ${LEAD_SORTS.join(", ")}` }).optional(),
  ),
  dir: z.preprocess(
    blankToUndefined,
    z.enum(["asc", "desc"], { error: "dir must be asc or desc" }).optional(),
  ),
});

const readVersion = z.coerce.number({ error: "Invalid version" }).int().positive();

/** The lead detail dialog's update form: every field, and the version it was read at. */
export const leadUpdateFormSchema = z.object({ ...leadFields, version: readVersion });

/** The detail's stage bar (and its Undo): one status, and the version it was read at. */
export const setStatusFormSchema = z.object({ status: leadFields.status, version: readVersion });

/**
 * The detail's in-place edits (`?field=`, screens/lead-detail/lead-detail-view.ts): one part of the lead, and
 * the version it was read at. The server checks them (a blank value or phone clears it).
 */
export const leadFieldFormSchemas = {
  value: z.object({ estimatedValue, version: readVersion }),
  owner: z.object({ assignedToId, version: readVersion }),
  contact: z.object({
    firstName: leadFields.firstName,
    lastName: leadFields.lastName,
    email: leadFields.email,
    phone: leadFields.phone,
    version: readVersion,
  }),
};
