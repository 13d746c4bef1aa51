import { LEAD_STATUSES, type LeadStatus } from "~/models/lead";
import { defineListState, param } from "~/utils/list-state";

export const CONTACTS_PAGE_SIZE = 24;
export const REPORT_PAGE_SIZE = 10;

/** The 'Lead Reports' dropdown's options (SPEC.md "Contacts"), in its order. */
export const LEAD_REPORTS: { value: "ALL" | LeadStatus; label: string }[] = [
  { value: "ALL", label: "All Leads" },
  { value: "NEW", label: "New Leads" },
  { value: "CONTACTED", label: "Contacted" },
  { value: "QUALIFIED", label: "Qualified" },
  { value: "PROPOSAL", label: "Proposal Sent" },
  { value: "CLOSED_WON", label: "Won" },
  { value: "CLOSED_LOST", label: "Lost" },
];

/**
 * What the Contacts page shows, in its URL: the search and page of the grid, the card that is expanded, and
 * the Lead Reports list under the grid with its own page.
 */
export const contactsView = defineListState(
  "/contacts",
  {
    q: param.text(200),
    page: param.page(),
    expanded: param.text(36),
    report: param.oneOf(["", "ALL", ...LEAD_STATUSES], ""),
    rpage: param.page(),
  },
  {
    /** Add New Contact, or Add New Lead (for `contact`, after 'Create Contact & Add Lead'). */
    new: param.choice(["contact", "lead"]),
    contact: param.id(),
    /** The edit modal of a contact. */
    edit: param.id(),
    /** The full-screen contact. */
    contactId: param.id(),
  },
);

export type ContactsView = ReturnType<typeof contactsView.read>;

/** An e-mail on a collapsed card: at most 24 characters, then an ellipsis (SPEC.md section 9). */
export function shortEmail(email: string) {
  return email.length > 24 ? `${email.slice(0, 24)}...` : email;
}
