import { defineListState, param } from "~/utils/list-state";

/** A dashboard details page's URL state: the page of its cards (docs/decisions/004-lists.md). */
export const detailsView = defineListState("", { page: param.page() });

export const DETAILS_PAGE_SIZE = 24;
