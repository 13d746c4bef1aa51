import type { SerializeFrom } from "@remix-run/node";
import { useEffect, useRef } from "react";
import {
  contactLeadHref,
  contactsView,
  LEAD_REPORTS,
  REPORT_PAGE_SIZE,
  type ContactsView,
} from "./contacts-view";
import type { Lead, LeadStatus } from "~/models/lead";
import { formatCount, formatGBP } from "~/utils/format";
import { AppLink } from "~/components/app-link";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { Pager } from "~/components/list";
import { StatusBadge } from "~/components/status-badge";
import { closeOnLinkClick } from "~/components/disclosure";

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
              preventScrollReset
              aria-current={view.report === report.value ? "true" : undefined}
              className="flex justify-between px-3 py-2 text-sm text-slate-800 hover:bg-slate-100"
            >
              <span>{report.label}</span>
              <span className="text-slate-600">{formatCount(countOf(counts, report.value))}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The chosen report, right under the menu it was picked from (not under the grid, where picking one looked like
 * nothing happened): its leads a page at a time, each opening over this page, 'View Details' and 'Clear
 * Filter'. With JavaScript, a report picked on the page takes the focus, and with it the eye.
 */
export function LeadReportList({
  view,
  counts,
  leads,
  total,
  picked,
}: {
  view: ContactsView;
  counts: Counts;
  leads: SerializeFrom<Lead>[];
  total: number;
  /** Just picked on this page (useReportPicked). */
  picked: boolean;
}) {
  const report = LEAD_REPORTS.find((option) => option.value === view.report)!;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (picked) ref.current?.focus();
  }, [picked, view.report]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label="Lead report"
      className="mb-4 scroll-mt-4 rounded-lg border border-slate-200 bg-white shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-slate-400"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 className="font-semibold text-slate-900">
          {report.label} ({formatCount(countOf(counts, report.value))})
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
                <AppLink
                  to={contactLeadHref(view, lead.id)}
                  preventScrollReset
                  className="font-medium text-sky-800 underline"
                >
                  {lead.firstName} {lead.lastName}
                </AppLink>
                <span className="block text-slate-600">
                  {lead.company} · {formatGBP(lead.estimatedValue)}
                </span>
              </span>
              <StatusBadge status={lead.status} />
              <AppLink to={contactLeadHref(view, lead.id)} preventScrollReset className={buttonClass.small}>
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

/**
 * Whether the page's report was just picked: it differs from the one the page showed before, rather than being
 * the one the page was opened, reloaded or came back to (from a contact) with.
 */
export function useReportPicked(report: string) {
  const shown = useRef(report);
  const picked = shown.current !== report;
  useEffect(() => {
    shown.current = report;
  });
  return picked;
}
