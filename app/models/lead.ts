/**
 * The lead's values the browser shares with the server: its statuses and their labels, the sorts, a table row's
 * fields. No zod here (its schemas are in lead.schema.ts), so a page that shows these does not ship it
 * (docs/decisions/017-form-schemas-load-late.md).
 */
import type { Lead } from "./lead.schema";

export const LEAD_STATUSES = [
  "NEW",
  "CONTACTED",
  "QUALIFIED",
  "PROPOSAL",
  "CLOSED_WON",
  "CLOSED_LOST",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The statuses of leads still being worked on (SPEC.md section 4, "Active prospects"). */
export const ACTIVE_STATUSES: readonly LeadStatus[] = ["NEW", "CONTACTED", "QUALIFIED", "PROPOSAL"];

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

export const LEAD_SORTS = ["company", "contact", "status", "value", "owner", "updated", "archived"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export type SortDirection = "asc" | "desc";

/**
 * The direction a column sorts in when none is asked for, on the page and in the API alike: names and
 * statuses A to Z (pipeline order), values largest first, dates newest first.
 */
export const DEFAULT_SORT_DIRECTION: Record<LeadSort, SortDirection> = {
  company: "asc",
  contact: "asc",
  status: "asc",
  value: "desc",
  owner: "asc",
  updated: "desc",
  archived: "desc",
};

/** What a table of leads (Lead Management, the dashboard's) shows of a lead: only what its row needs. */
export const LEAD_ROW_FIELDS = [
  "id",
  "firstName",
  "lastName",
  "email",
  "company",
  "status",
  "estimatedValue",
  "createdBy",
  "assignedTo",
  "updatedAt",
  "archivedAt",
] as const satisfies readonly (keyof Lead)[];
export type LeadRow = Pick<Lead, (typeof LEAD_ROW_FIELDS)[number]>;

/** A lead as a table row, so that a page's data stays small. */
export function leadRow(lead: Lead): LeadRow {
  // A loop, not Object.fromEntries over pairs: this runs for every row of every /leads page.
  const row: Record<string, unknown> = {};
  for (const field of LEAD_ROW_FIELDS) row[field] = lead[field];
  return row as LeadRow;
}
