import { z } from "zod";
import { DIVISIONS } from "~/utils/divisions";
import { emailField, optionalText, requiredText } from "~/utils/zod";

export const LEAD_STATUSES = [
  "NEW",
  "CONTACTED",
  "QUALIFIED",
  "PROPOSAL",
  "CLOSED_WON",
  "CLOSED_LOST",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** How each status reads on screen (SPEC.md: PROPOSAL is 'Proposal Sent'). */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  NEW: "New",
  CONTACTED: "Contacted",
  QUALIFIED: "Qualified",
  PROPOSAL: "Proposal Sent",
  CLOSED_WON: "Closed Won",
  CLOSED_LOST: "Closed Lost",
};

/** The filter's options, as SPEC.md lists them. */
export const STATUS_FILTER_LABELS: Record<LeadStatus, string> = { ...STATUS_LABELS, PROPOSAL: "Proposal" };

const MAX_VALUE = 999_999_999_999.99;
const VALUE_MESSAGE = "Estimated value must be a number of 0 or more";

/** A number or null; from a form, a numeric string, where blank means null. Two decimal places. */
const estimatedValue = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? null : Number(value.trim())) : value),
  z
    .number({ error: VALUE_MESSAGE })
    .min(0, VALUE_MESSAGE)
    .max(MAX_VALUE, VALUE_MESSAGE)
    .transform((value) => Math.round(value * 100) / 100)
    .nullish(),
);

/** A user id, or none ('' from the form's "Unassigned" option). */
const assignedToId = z.preprocess(
  (value) => (value === "" ? null : value),
  z.uuid({ error: "Choose a user from the list" }).nullish(),
);

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
  email: z.string().trim().optional().default(""),
  firstName: z.string().trim().optional().default(""),
  lastName: z.string().trim().optional().default(""),
});

export const LEAD_SORTS = ["company", "contact", "status", "value", "owner", "updated", "archived"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** The list's query string, shared by GET /api/leads/{division} and the Lead Management page. */
export const leadListParamsSchema = z.object({
  myLeadsOnly: z
    .enum(["true", "false"], { error: "myLeadsOnly must be true or false" })
    .optional()
    .transform((value) => value === "true"),
  search: z.string().trim().max(200, "At most 200 characters").optional(),
  status: z.preprocess(blankToUndefined, z.enum(LEAD_STATUSES, { error: "Unknown status" }).optional()),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(LEAD_SORTS, { error: `sort must be one of ${LEAD_SORTS.join(", ")}` }).optional(),
  ),
  dir: z.preprocess(
    blankToUndefined,
    z.enum(["asc", "desc"], { error: "dir must be asc or desc" }).optional(),
  ),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1)
    .max(1000, "limit is at most 1000")
    .optional(),
  offset: z.coerce.number({ error: "offset must be a number" }).int().min(0).optional(),
});

/** The lead detail dialog's update form: every field, and the version it was read at. */
export const leadUpdateFormSchema = z.object({
  ...leadFields,
  version: z.coerce.number({ error: "Invalid version" }).int().positive(),
});
