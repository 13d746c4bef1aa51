import type { LeadStatus } from "./lead";

/** The global search's groups (GET /api/search/{division}?q=, the header's box and /search). */
export type SearchLead = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  status: LeadStatus;
  isArchived: boolean;
};
export type SearchContact = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  company: string;
};
export type GlobalSearch = {
  leads: SearchLead[];
  contacts: SearchContact[];
  companies: string[];
  /** Whether a group has more than it shows (its "see all" link then lists them). */
  more: { leads: boolean; contacts: boolean; companies: boolean };
};

/** How many of each group the search shows. */
export const SEARCH_GROUP_SIZE = 5;
