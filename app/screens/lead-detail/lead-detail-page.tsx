import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { parentHref } from "~/utils/list-state";
import { leadsView } from "../leads/leads-view";
import { LeadDetailDialog } from "./lead-detail-dialog";
import { detailField, withDetailField, withoutParam } from "./lead-detail-view";
import type { leadDetailAction, leadDetailLoader } from "./lead-detail.server";
import { withTimeline } from "./timeline-view";

/**
 * The lead detail dialog over the page it was opened from: the lead list (/leads/{id}), a dashboard details
 * page (/dashboard/{type}/{id}) or any other page (/calendar/lead/{id}); closing it goes back to that page with
 * its query (docs/decisions/002-screens.md).
 */
function LeadDetailPage({ closeHref }: { closeHref: (path: string, search: string) => string }) {
  const { detail, assignableUsers, timeline, edit } = useLoaderData<typeof leadDetailLoader>();
  const result = useActionData<typeof leadDetailAction>();
  const location = useLocation();
  // The dialog's own address: without the part edited in place or the call being logged, which a save closes.
  const search = withTimeline(withDetailField(location.search, null), { log: null });
  return (
    <LeadDetailDialog
      key={`${detail.id}-${detail.version}`}
      lead={detail}
      action={location.pathname + search}
      closeHref={closeHref(location.pathname, search)}
      edit={edit}
      field={detailField(location.search)}
      fieldHref={(field) => location.pathname + withDetailField(location.search, field)}
      assignableUsers={assignableUsers}
      timeline={timeline}
      result={result}
    />
  );
}

export function LeadDetailOverLeads() {
  return (
    <LeadDetailPage closeHref={(_, search) => leadsView.href(leadsView.read(new URLSearchParams(search)))} />
  );
}

/** Over a dashboard details page, or over any page as `{page}/lead/{id}` (utils/list-state.ts parentHref). */
export function LeadDetailOverPage() {
  // 'Jump to Lead' opens a lead with `edit=true` (the cursor in its form): the dialog's, not the page's.
  return <LeadDetailPage closeHref={(path, search) => parentHref(path, withoutParam(search, "edit"))} />;
}

export const leadsMeta: MetaFunction<typeof leadDetailLoader> = ({ data }) => [
  { title: data ? `${data.detail.firstName} ${data.detail.lastName} | Leads | CRM` : "Leads | CRM" },
];

export const pageMeta: MetaFunction<typeof leadDetailLoader> = ({ data }) => [
  { title: data ? `${data.detail.firstName} ${data.detail.lastName} | CRM` : "CRM" },
];
