/**
 * The lead's values the browser shares with the server: its statuses and their labels, the sorts, a table row's
 * fields, and the entity types. No zod here (its schemas are in lead.schema.ts, which builds on this module),
 * so a page that shows these does not ship it (docs/decisions/017-form-schemas-load-late.md).
 */
import type { Division } from "~/utils/divisions";
import type { Note } from "./note.schema";
import type { PersonRef } from "./user.schema";

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

/** CONTRACT.md's Lead object. */
export type Lead = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  company: string;
  position: string | null;
  status: LeadStatus;
  estimatedValue: string | null;
  notes: string | null;
  companyDivision: Division;
  isArchived: boolean;
  archivedAt: Date | null;
  createdBy: PersonRef | null;
  assignedTo: PersonRef | null;
  mainContactId: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

export type LeadProgress = { id: string; status: LeadStatus; notes: string | null; createdAt: Date };

/** A note as the lead detail lists it: the lead's own, so without its leadId. */
export type LeadNote = Omit<Note, "leadId">;

/** The detail answer: the lead's own notes text moves to leadNotes, since notes is the list of notes. */
export type LeadDetail = Omit<Lead, "notes"> & {
  leadNotes: string | null;
  progress: LeadProgress[];
  notes: LeadNote[];
};

/**
 * The filters of a lead list (the page's and the API's). Dates are UTC calendar days (YYYY-MM-DD), both
 * ends included; values are in GBP, both ends included.
 */
export type LeadFilters = {
  myLeadsOnly?: boolean;
  search?: string;
  /** One status, or any of several. */
  status?: LeadStatus | readonly LeadStatus[];
  /** Leads created by or assigned to this user ("me": the caller), as "My Leads Only" is for the caller. */
  owner?: string;
  minValue?: number;
  maxValue?: number;
  createdFrom?: string;
  createdTo?: string;
  updatedFrom?: string;
  updatedTo?: string;
  /** Leads with a follow-up past its time and not complete. */
  overdue?: boolean;
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
