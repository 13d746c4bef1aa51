import { defineListState, param } from "~/utils/list-state";

/** The search results page's state, in its URL: the search. */
export const searchView = defineListState("/search", { q: param.text(200) }, {});
export type SearchView = ReturnType<typeof searchView.read>;
