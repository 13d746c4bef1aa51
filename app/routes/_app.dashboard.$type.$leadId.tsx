import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { LeadDetailDialog } from "~/screens/lead-detail/lead-detail-dialog";
import { leadDetailAction, leadDetailLoader } from "~/screens/lead-detail/lead-detail.server";
import { parentHref } from "~/utils/list-state";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.detail.firstName} ${data.detail.lastName} | CRM` : "CRM" },
];

/** 'View Details' on a dashboard details page: the lead detail dialog over its cards (docs/decisions/002-screens.md). */
export const loader = leadDetailLoader;
export const action = leadDetailAction;

export default function DashboardLeadDetail() {
  const { detail, assignableUsers, edit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  return (
    <LeadDetailDialog
      key={`${detail.id}-${detail.version}`}
      lead={detail}
      action={location.pathname + location.search}
      closeHref={parentHref(location.pathname, location.search)}
      edit={edit}
      assignableUsers={assignableUsers}
      result={result}
    />
  );
}
