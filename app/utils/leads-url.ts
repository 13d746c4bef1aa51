import { LEAD_SORTS, LEAD_STATUSES, type LeadSort, type LeadStatus } from "~/models/lead.schema";

export const LEADS_PAGE_SIZE = 50;

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
  const status = params.get("status") ?? "";
  const sort = params.get("sort") ?? "";
  const page = Number(params.get("page"));
  return {
    tab: params.get("tab") === "archive" ? "archive" : "active",
    q: (params.get("q") ?? "").slice(0, 200),
    status: (LEAD_STATUSES as readonly string[]).includes(status) ? (status as LeadStatus) : "",
    mine: params.get("mine") === "1",
    sort: (LEAD_SORTS as readonly string[]).includes(sort) ? (sort as LeadSort) : "updated",
    dir: params.get("dir") === "asc" ? "asc" : params.get("dir") === "desc" ? "desc" : defaultDirection(sort),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
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
  if (view.sort && view.sort !== "updated") params.set("sort", view.sort);
  if (view.dir && view.dir !== defaultDirection(view.sort ?? "updated")) params.set("dir", view.dir);
  if (view.page && view.page > 1) params.set("page", String(view.page));
  for (const [key, value] of Object.entries(extra)) {
    if (Array.isArray(value)) value.forEach((item) => params.append(key, item));
    else if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `/leads?${query}` : "/leads";
}

export function hasFilters(view: LeadsView) {
  return Boolean(view.q || view.status || view.mine);
}
