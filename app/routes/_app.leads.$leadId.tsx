import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { LeadDetailDialog } from "~/screens/lead-detail/lead-detail-dialog";
import { leadDetailAction, leadDetailLoader } from "~/screens/lead-detail/lead-detail.server";
import { leadsView } from "~/screens/leads/leads-view";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.detail.firstName} ${data.detail.lastName} | Leads | CRM` : "Leads | CRM" },
];

/** The lead detail dialog over the lead list (docs/decisions/002-screens.md). */
export const loader = leadDetailLoader;
export const action = leadDetailAction;

export default function LeadDetailRoute() {
  const { detail, assignableUsers, edit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  return (
    <LeadDetailDialog
      key={`${detail.id}-${detail.version}`}
      lead={detail}
      action={location.pathname + location.search}
      closeHref={leadsView.href(leadsView.read(new URLSearchParams(location.search)))}
      edit={edit}
      assignableUsers={assignableUsers}
      result={result}
    />
  );
}
