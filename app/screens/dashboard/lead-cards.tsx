import type { SerializeFrom } from "@remix-run/node";
import type { Lead } from "~/models/lead";
import { formatDate, formatGBP, fullName } from "~/utils/format";
import { AppLink } from "~/components/app-link";
import { Avatar } from "~/components/avatar";
import { buttonClass } from "~/components/forms";
import { StatusBadge } from "~/components/status-badge";
import { useTimeZone } from "~/components/time-zone";

/**
 * The dashboard details' card grid (SPEC.md "Dashboard details"): each lead with its initials, name, company,
 * status (by its display name, as everywhere), e-mail, phone and value when there are any, 'Created',
 * 'Assigned to', and 'View Details'. The name, the company and 'View Details' open the lead detail over this
 * page (`detailHref`).
 */
export function LeadCards({
  leads,
  detailHref,
}: {
  leads: SerializeFrom<Lead>[];
  detailHref: (id: string) => string;
}) {
  const timeZone = useTimeZone();
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {leads.map((lead) => (
        <li key={lead.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start gap-3">
            <Avatar firstName={lead.firstName} lastName={lead.lastName} size="md" />
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold text-slate-900">
                <AppLink to={detailHref(lead.id)} preventScrollReset className="hover:underline">
                  {lead.firstName} {lead.lastName}
                </AppLink>
              </h2>
              <AppLink
                to={detailHref(lead.id)}
                preventScrollReset
                className="block text-sm text-slate-600 hover:underline"
              >
                {lead.company}
              </AppLink>
            </div>
            <StatusBadge status={lead.status} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Email</dt>
            <dd className="truncate" title={lead.email}>
              {lead.email}
            </dd>
            {lead.phone ? (
              <>
                <dt className="text-slate-600">Phone</dt>
                <dd>{lead.phone}</dd>
              </>
            ) : null}
            {lead.estimatedValue !== null ? (
              <>
                <dt className="text-slate-600">Value</dt>
                <dd className="whitespace-nowrap tabular-nums">{formatGBP(lead.estimatedValue)}</dd>
              </>
            ) : null}
            <dt className="text-slate-600">Created</dt>
            <dd>{formatDate(lead.createdAt, timeZone)}</dd>
            {lead.assignedTo ? (
              <>
                <dt className="text-slate-600">Assigned to</dt>
                <dd>{fullName(lead.assignedTo)}</dd>
              </>
            ) : null}
          </dl>
          <AppLink to={detailHref(lead.id)} preventScrollReset className={`${buttonClass.secondary} mt-4`}>
            View Details
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
