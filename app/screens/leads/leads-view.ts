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
export const leadsView = defineListState("/leads", {
  tab: param.oneOf(["active", "archive"], "active"),
  q: param.text(200),
  status: param.oneOf(["", ...LEAD_STATUSES], ""),
  mine: param.flag(),
  sort: param.oneOf(LEAD_SORTS, (state) => (state.tab === "archive" ? "archived" : "updated")),
  dir: param.oneOf(["asc", "desc"], (state) => DEFAULT_SORT_DIRECTION[state.sort as LeadSort]),
  page: param.page(),
});

export type LeadsView = ReturnType<typeof leadsView.read>;

/** The lead detail dialog over the list, keeping the list's state (docs/decisions/002-screens.md). */
export function leadDetailHref(view: Partial<LeadsView>, leadId: string, extra: Record<string, string> = {}) {
  return leadsView.href(view, extra, `/leads/${leadId}`);
}

export function hasFilters(view: LeadsView) {
  return Boolean(view.q || view.status || view.mine);
}

export function leadFilters(view: LeadsView): LeadFilters {
  return { myLeadsOnly: view.mine, search: view.q, status: view.status || undefined };
}
