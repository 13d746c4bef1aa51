import { LEAD_SORTS, LEAD_STATUSES, type LeadSort, type LeadStatus } from "~/models/lead.schema";

export const LEADS_PAGE_SIZE = 50;
/** Past any real list (a million leads is 20,000 pages); keeps the offset a sane number. */
const MAX_PAGE = 100_000;

/** What the Lead Management page shows, all of it in the URL so it works without JavaScript. */
export type LeadsView = {
  tab: "active" | "archive";
  q: string;
  status: LeadStatus | "";
  mine: boolean;
  sort: LeadSort;
  dir: "asc" | "desc";
  page: number;
};

export function readLeadsView(params: URLSearchParams): LeadsView {
  const tab = params.get("tab") === "archive" ? "archive" : "active";
  const status = params.get("status") ?? "";
  const sort = params.get("sort") || defaultSort(tab);
  const page = Number(params.get("page"));
  return {
    tab,
    q: (params.get("q") ?? "").slice(0, 200),
    status: (LEAD_STATUSES as readonly string[]).includes(status) ? (status as LeadStatus) : "",
    mine: params.get("mine") === "1",
    sort: (LEAD_SORTS as readonly string[]).includes(sort) ? (sort as LeadSort) : defaultSort(tab),
    dir: params.get("dir") === "asc" ? "asc" : params.get("dir") === "desc" ? "desc" : defaultDirection(sort),
    page: Number.isInteger(page) && page > 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** Each tab lists its newest first: the active one by last update, the archive by archived date. */
function defaultSort(tab: LeadsView["tab"]): LeadSort {
  return tab === "archive" ? "archived" : "updated";
}

/** Dates sort newest first by default; everything else A to Z. */
function defaultDirection(sort: string): "asc" | "desc" {
  return sort && sort !== "updated" && sort !== "archived" ? "asc" : "desc";
}

type Extra = Record<string, string | string[] | undefined | null | false>;

/** /leads with the view's non-default state, plus extra parameters (a dialog to open, ids, ...). */
export function leadsHref(view: Partial<LeadsView>, extra: Extra = {}) {
  const params = new URLSearchParams();
  if (view.tab === "archive") params.set("tab", "archive");
  if (view.q) params.set("q", view.q);
  if (view.status) params.set("status", view.status);
  if (view.mine) params.set("mine", "1");
  for (const [key, value] of Object.entries(sortParams(view))) params.set(key, value);
  if (view.page && view.page > 1) params.set("page", String(view.page));
  for (const [key, value] of Object.entries(extra)) {
    if (Array.isArray(value)) value.forEach((item) => params.append(key, item));
    else if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `/leads?${query}` : "/leads";
}

/** The sort and direction, where they differ from the tab's defaults (so URLs stay short). */
export function sortParams(view: Partial<LeadsView>): { sort?: string; dir?: string } {
  const sort = view.sort ?? defaultSort(view.tab ?? "active");
  return {
    ...(sort !== defaultSort(view.tab ?? "active") ? { sort } : {}),
    ...(view.dir && view.dir !== defaultDirection(sort) ? { dir: view.dir } : {}),
  };
}

export function hasFilters(view: LeadsView) {
  return Boolean(view.q || view.status || view.mine);
}
