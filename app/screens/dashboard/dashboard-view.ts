import { defineListState, param } from "~/utils/list-state";

/** The dashboard's dialogs, parameters of the page: Add New Lead (for `contact`, after 'Create Contact & Add Lead') and Add New Contact. */
export const dashboardView = defineListState(
  "/",
  {},
  { new: param.choice(["lead", "contact"]), contact: param.id() },
);

type DashboardDialog = Parameters<typeof dashboardView.href>[1];

/** Where a dashboard dialog posts: `index` makes the dashboard's own action answer, not the shell's. */
export function dashboardActionHref(dialog: DashboardDialog) {
  return dashboardView.href({}, dialog).replace("/?", "/?index&");
}

/**
 * A lead opened over the dashboard (routes/_app._dashboard.lead.$leadId.tsx): its dialog closes back to the
 * dashboard (utils/list-state.ts parentHref).
 */
export function dashboardLeadHref(leadId: string) {
  return `/lead/${leadId}`;
}

/** A dashboard details page's URL state: the page of its cards (docs/decisions/004-lists.md). */
export const detailsView = defineListState("", { page: param.page() });

export const DETAILS_PAGE_SIZE = 24;
