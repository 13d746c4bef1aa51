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
 * What the Contacts page shows, in its URL: the search and page of the grid, cards or a table, the card that is
 * expanded, and the Lead Reports list with its own page.
 */
export const contactsView = defineListState(
  "/contacts",
  {
    q: param.text(200),
    page: param.page(),
    layout: param.oneOf(["cards", "table"], "cards"),
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

/**
 * A lead's detail dialog over the Contacts page as it is (with `contactId`, over that full-screen contact):
 * `/contacts/lead/{id}?{the page's query}`, which closes back to the page (utils/list-state.ts parentHref).
 * `edit` is the detail's own `edit=true` (leads-view.ts): the cursor in its update form, as 'Jump to Lead' wants.
 */
export function contactLeadHref(
  view: ContactsView,
  leadId: string,
  { contactId = null, edit = false }: { contactId?: string | null; edit?: boolean } = {},
) {
  const href = contactsView.href(view, { contactId }, `/contacts/lead/${leadId}`);
  return edit ? `${href}${href.includes("?") ? "&" : "?"}edit=true` : href;
}
