import { STATUS_LABELS, type LeadStatus } from "~/models/lead";
import { html } from "~/utils/html";

/**
 * A status in its colour (`badge-<STATUS>` in tailwind.css), always by its display name (STATUS_LABELS:
 * 'Proposal Sent', never 'PROPOSAL').
 */
export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`badge badge-${status}`}>{STATUS_LABELS[status]}</span>;
}

/** The same badge as markup, for rows written as HTML (utils/html.ts). */
export function statusBadgeHtml(status: LeadStatus) {
  return html`<span class="badge badge-${status}">${STATUS_LABELS[status]}</span>`;
}
