import { STATUS_LABELS, type LeadStatus } from "~/models/lead";
import { html } from "~/utils/html";

/**
 * A status in its colour (`badge-<STATUS>` in tailwind.css); `label` replaces the usual wording where a
 * screen says it otherwise.
 */
export function StatusBadge({
  status,
  label = STATUS_LABELS[status],
}: {
  status: LeadStatus;
  label?: string;
}) {
  return <span className={`badge badge-${status}`}>{label}</span>;
}

/** The same badge as markup, for rows written as HTML (utils/html.ts). */
export function statusBadgeHtml(status: LeadStatus) {
  return html`<span class="badge badge-${status}">${STATUS_LABELS[status]}</span>`;
}
