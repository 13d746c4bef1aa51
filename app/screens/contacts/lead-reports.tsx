import type { SerializeFrom } from "@remix-run/node";
import { contactsView, LEAD_REPORTS, REPORT_PAGE_SIZE, type ContactsView } from "./contacts-view";
import type { Lead, LeadStatus } from "~/models/lead";
import { formatGBP } from "~/utils/format";
import { AppLink } from "~/components/app-link";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { Pager } from "~/components/list";
import { StatusBadge } from "~/components/status-badge";
import { closeOnLinkClick } from "~/components/disclosure";
import { openLeadHref } from "../leads/leads-view";

type Counts = Record<LeadStatus, number>;

const countOf = (counts: Counts, value: (typeof LEAD_REPORTS)[number]["value"]) =>
  value === "ALL" ? Object.values(counts).reduce((sum, n) => sum + n, 0) : counts[value];

/**
 * 'Lead Reports' (SPEC.md "Contacts"): the division's active leads by status, with counts. A disclosure of
 * links, so it opens and filters without JavaScript.
 */
export function LeadReportsMenu({ view, counts }: { view: ContactsView; counts: Counts }) {
  return (
    <details className="relative" onClick={closeOnLinkClick}>
      <summary className={`${buttonClass.secondary} cursor-pointer list-none`}>
        <Icon name="document" width={16} height={16} /> Lead Reports
      </summary>
      {/* Under its button's right edge, as the header's actions stand right; on a phone they fill the row, and
          the menu hangs from the left edge instead so that it stays on screen. */}
      <ul className="absolute right-0 z-20 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg max-sm:right-auto max-sm:left-0">
        {LEAD_REPORTS.map((report) => (
          <li key={report.value}>
            <AppLink
              to={contactsView.href({ ...view, report: report.value, rpage: 1 })}
              aria-current={view.report === report.value ? "true" : undefined}
              className="flex justify-between px-3 py-2 text-sm text-slate-800 hover:bg-slate-100"
            >
              <span>{report.label}</span>
              <span className="text-slate-600">{countOf(counts, report.value)}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The chosen report under the grid: its leads a page at a time, 'View Details' and 'Clear Filter'. */
export function LeadReportList({
  view,
  counts,
  leads,
  total,
}: {
  view: ContactsView;
  counts: Counts;
  leads: SerializeFrom<Lead>[];
  total: number;
}) {
  const report = LEAD_REPORTS.find((option) => option.value === view.report)!;
  return (
    <section aria-label="Lead report" className="mt-8 rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 className="font-semibold text-slate-900">
          {report.label} ({countOf(counts, report.value)})
        </h2>
        <AppLink to={contactsView.href({ ...view, report: "", rpage: 1 })} className={buttonClass.secondary}>
          Clear Filter
        </AppLink>
      </div>
      {leads.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">No leads found.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <li key={lead.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <span className="min-w-0 flex-1">
                <span className="font-medium text-slate-900">
                  {lead.firstName} {lead.lastName}
                </span>
                <span className="block text-slate-600">
                  {lead.company} · {formatGBP(lead.estimatedValue)}
                </span>
              </span>
              <StatusBadge status={lead.status} />
              <AppLink to={openLeadHref(lead.id)} className={buttonClass.small}>
                View Details
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={view.rpage}
        pageSize={REPORT_PAGE_SIZE}
        total={total}
        href={(rpage) => contactsView.href({ ...view, rpage })}
        label="Report pages"
      />
    </section>
  );
}
