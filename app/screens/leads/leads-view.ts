import {
  type LeadFilters,
  DEFAULT_SORT_DIRECTION,
  LEAD_SORTS,
  LEAD_STATUSES,
  type LeadSort,
} from "~/models/lead";
import { defineListState, param } from "~/utils/list-state";

export const LEADS_PAGE_SIZE = 50;

/**
 * What the Lead Management page shows, all of it in the URL. Each tab lists its newest first (the active one
 * by last update, the archive by archived date); a column's direction defaults to DEFAULT_SORT_DIRECTION,
 * the same as the API's.
 */
export const leadsView = defineListState(
  "/leads",
  {
    tab: param.oneOf(["active", "archive"], "active"),
    q: param.text(200),
    status: param.oneOf(["", ...LEAD_STATUSES], ""),
    mine: param.flag(),
    sort: param.oneOf(LEAD_SORTS, (state) => (state.tab === "archive" ? "archived" : "updated")),
    dir: param.oneOf(["asc", "desc"], (state) => DEFAULT_SORT_DIRECTION[state.sort as LeadSort]),
    page: param.page(),
  },
  {
    /** Add New Lead. */
    new: param.choice(["1"]),
    /** The archive or restore confirmation of one lead (target), or of the ticked ones (ids, sent by a form). */
    confirm: param.choice(["archive", "restore", "bulk-archive", "bulk-restore"]),
    target: param.id(),
    /** The lead detail with the cursor in its update form. */
    edit: param.choice(["true"]),
    /** A lead opened by id from another screen (openLeadHref). */
    leadId: param.text(100),
  },
);

export type LeadsView = ReturnType<typeof leadsView.read>;
export type LeadsDialogs = ReturnType<typeof leadsView.dialogs>;

/** The lead detail dialog over the list, keeping the list's state (docs/decisions/002-screens.md). */
export function leadDetailHref(view: Partial<LeadsView>, leadId: string, { edit = false } = {}) {
  return leadsView.href(view, { edit: edit && "true" }, `/leads/${leadId}`);
}

/**
 * A lead opened from another screen (the dashboard, contacts, the calendar, a duplicate warning): /leads finds
 * its tab and division and shows its detail over the list searched to its company (open-lead.server.ts).
 */
export function openLeadHref(leadId: string, { edit = false } = {}) {
  return leadsView.href({}, { leadId, edit: edit && "true" });
}

export function hasFilters(view: LeadsView) {
  return Boolean(view.q || view.status || view.mine);
}

export function leadFilters(view: LeadsView): LeadFilters {
  return { myLeadsOnly: view.mine, search: view.q, status: view.status || undefined };
}
