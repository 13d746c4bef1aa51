import { LEAD_STATUSES, type LeadStatus } from "~/models/lead";
import { defineListState, param } from "~/utils/list-state";
import { leadFilters, leadsView, type LeadsView } from "~/screens/leads/leads-view";

/**
 * The board's own state, beside the lead list's filters, which it reads from the same URL parameters
 * (leadsView): the column a phone shows (?column=), and a column continued after its cursor (?after=, for
 * that column).
 */
export const boardState = defineListState("/pipeline", {
  column: param.oneOf(LEAD_STATUSES, "NEW"),
  after: param.text(4000),
});

export type BoardState = ReturnType<typeof boardState.read>;

/** The board's filters: the list's, on the active leads (the board has no tab, order or page). */
export function boardFilters(view: LeadsView) {
  return leadFilters(view);
}

/** The list state the board keeps: its filters only. */
function filtersOnly(view: LeadsView): Partial<LeadsView> {
  const { tab: _tab, sort: _sort, dir: _dir, page: _page, layout: _layout, ...filters } = view;
  return filters;
}

/** The board at `board` under the list's filters of `view`. */
export function boardHref(view: LeadsView, board: Partial<BoardState> = {}, to = "/pipeline") {
  const filters = new URL(leadsView.href(filtersOnly(view), {}, to), "http://x");
  for (const [key, value] of new URL(boardState.href(board), "http://x").searchParams)
    filters.searchParams.set(key, value);
  return filters.pathname + filters.search;
}

/** The lead list under the board's filters (the List side of the List/Board switch). */
export function listHref(view: LeadsView) {
  return leadsView.href(filtersOnly(view));
}

/** A card's lead, opened over the board (/pipeline/lead/{id}), which it closes back to. */
export function boardLeadHref(view: LeadsView, board: Partial<BoardState>, leadId: string) {
  return boardHref(view, board, `/pipeline/lead/${leadId}`);
}

export const columnId = (status: LeadStatus) => `column-${status}`;
