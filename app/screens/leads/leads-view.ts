import {
  type LeadFilters,
  DEFAULT_SORT_DIRECTION,
  LEAD_SORTS,
  LEAD_STATUSES,
  type LeadSort,
} from "~/models/lead";
import { isUuid } from "~/utils/ids";
import { defineListState, param, type Param } from "~/utils/list-state";

export const LEADS_PAGE_SIZE = 50;

/** The largest value a lead holds (lead.schema.ts): a bound past it is no bound. */
const MAX_VALUE = 999_999_999_999.99;

/** A user of the division (a user id) or "me", or anyone (""). */
const ownerParam: Param<string> = {
  parse: (raw) => (raw === "me" ? raw : isUuid(raw) ? raw.toLowerCase() : undefined),
  fallback: () => "",
  format: String,
};

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
    status: param.many(LEAD_STATUSES),
    mine: param.flag(),
    owner: ownerParam,
    minValue: param.number(MAX_VALUE),
    maxValue: param.number(MAX_VALUE),
    createdFrom: param.day(),
    createdTo: param.day(),
    updatedFrom: param.day(),
    updatedTo: param.day(),
    overdue: param.flag(),
    /** Where a saved view of this state opens: the list, or the board (a view saved on /pipeline). */
    layout: param.oneOf(["list", "board"], "list"),
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
    /** The saved view the list was opened from (the sidebar's links): its name and its owner's controls. */
    savedView: param.id(),
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

/** The filters of "More filters" (all but search, status and the whose-leads toggle). */
export const MORE_FILTERS = [
  "owner",
  "minValue",
  "maxValue",
  "createdFrom",
  "createdTo",
  "updatedFrom",
  "updatedTo",
  "overdue",
] as const satisfies readonly (keyof LeadsView)[];

const DEFAULT_VIEW = leadsView.read(new URLSearchParams());

export function hasFilters(view: LeadsView) {
  return Boolean(view.q || view.status.length || view.mine || moreFilterCount(view));
}

/** How many of "More filters" are set (several statuses count as one). */
export function moreFilterCount(view: LeadsView) {
  return (
    MORE_FILTERS.filter((key) => view[key] !== DEFAULT_VIEW[key]).length + (view.status.length > 1 ? 1 : 0)
  );
}

export function leadFilters(view: LeadsView): LeadFilters {
  return {
    myLeadsOnly: view.mine,
    search: view.q,
    status: view.status.length ? view.status : undefined,
    owner: view.owner || undefined,
    minValue: view.minValue ?? undefined,
    maxValue: view.maxValue ?? undefined,
    createdFrom: view.createdFrom || undefined,
    createdTo: view.createdTo || undefined,
    updatedFrom: view.updatedFrom || undefined,
    updatedTo: view.updatedTo || undefined,
    overdue: view.overdue,
  };
}

/**
 * What a saved view keeps of a list: its whole URL state but the page (filters, tab, order, and whatever
 * else the state holds, such as the list or board layout), as the query string leadsView writes, so that one
 * list has one spelling. Anything the state does not know is dropped.
 */
export function savedViewQuery(query: string) {
  const state = leadsView.read(new URLSearchParams(query));
  return leadsView.href({ ...state, page: 1 }).split("?")[1] ?? "";
}

/**
 * Where a saved view opens: /leads (or, saved on the board, /pipeline) with its state, and its id for the
 * view's name and controls.
 */
export function savedViewHref(view: { id: string; query: string }) {
  const state = leadsView.read(new URLSearchParams(view.query));
  return leadsView.href(state, { savedView: view.id }, state.layout === "board" ? "/pipeline" : "/leads");
}
