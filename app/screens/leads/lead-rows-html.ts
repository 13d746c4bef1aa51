import type { SerializeFrom } from "@remix-run/node";
import { leadsView, type LeadsView } from "./leads-view";
import { LEAD_STATUSES, type LeadRow, type LeadStatus } from "~/models/lead";
import { formatGBP, fullName, relativeDates } from "~/utils/format";
import { html, type Html } from "~/utils/html";
import { avatarHtml } from "~/components/avatar";
import { iconHtml, type IconName } from "~/components/icons";
import { statusBadgeHtml } from "~/components/status-badge";

export type ListLead = SerializeFrom<LeadRow>;

/**
 * The lead table's rows as markup, the same on the server and in the browser. React's renderer spent a
 * large share of the /leads page's CPU on these 50 rows of 28 elements each
 * (docs/decisions/011-lead-rows-as-html.md); written here they cost far less. LeadTable owns what they do:
 * the ticks and the row actions. Below the `md` breakpoint the same rows are laid out as cards
 * (`.lead-cards` in tailwind.css), where `data-label` names the cells whose column header is not shown.
 */
export function leadRowsHtml(leads: ListLead[], view: LeadsView, timeZone: string) {
  const parts = pageParts(view);
  const relative = relativeDates(timeZone);
  let rows = "";
  for (const lead of leads) rows += leadRowHtml(lead, parts, relative).__html;
  return rows;
}

// A badge depends on the status only.
const BADGES = Object.fromEntries(LEAD_STATUSES.map((status) => [status, statusBadgeHtml(status)])) as Record<
  LeadStatus,
  Html
>;

/**
 * What every row of a page shares, made once a page rather than in each row: the view's part of the links
 * (the same addresses as `leadDetailHref` and `leadsView.href` give; an id is a UUID, which no encoding
 * changes), the row actions' icons, and the tab's third action.
 */
function pageParts(view: LeadsView) {
  const archive = view.tab === "archive";
  const third: { icon: IconName; title: string; className: string } = archive
    ? { icon: "restore", title: "Restore", className: "row-action" }
    : { icon: "trash", title: "Archive", className: "row-action hover:text-red-700" };
  return {
    archive,
    dateLabel: archive ? "Archived Date" : "Last Update",
    viewQuery: html`${leadsView.href(view, {}, "")}`,
    editQuery: html`${leadsView.href(view, { edit: "true" }, "")}`,
    confirm: html`${`${leadsView.href(view, { confirm: archive ? "restore" : "archive" })}&target=`}`,
    eye: iconHtml("eye", 18),
    pencil: iconHtml("pencil", 18),
    third: { ...third, icon: iconHtml(third.icon, 18) },
  };
}

/**
 * One row, in one template: its pieces that are the same in every row come from `pageParts`, and the name,
 * written eight times, is escaped once. The name and the company open the lead, as the View action does.
 */
function leadRowHtml(
  lead: ListLead,
  parts: ReturnType<typeof pageParts>,
  relative: (date: string | Date) => string,
) {
  const name = html`${lead.firstName} ${lead.lastName}`;
  const showAssignee = lead.assignedTo && lead.assignedTo.id !== lead.createdBy?.id;
  const date = parts.archive ? (lead.archivedAt ?? lead.updatedAt) : lead.updatedAt;
  const { id } = lead;
  return html`<tr class="hover:bg-slate-50">
    <td class="cell">
      <input type="checkbox" name="ids" form="bulk-form" aria-label="Select ${name}" value="${id}" />
    </td>
    <td class="cell">
      <a
        class="lead-link"
        href="/leads/${id}${parts.viewQuery}"
        data-app-link="keep-scroll"
        data-discover="true"
        >${lead.company}</a
      >
    </td>
    <td class="cell">
      <div class="person">
        ${avatarHtml(lead.firstName, lead.lastName)}
        <div class="min-w-0">
          <a
            class="lead-link"
            href="/leads/${id}${parts.viewQuery}"
            data-app-link="keep-scroll"
            data-discover="true"
            >${name}</a
          >
          <p class="max-w-[10rem] truncate muted" title="${lead.email}">${lead.email}</p>
        </div>
      </div>
    </td>
    <td class="cell">${BADGES[lead.status]}</td>
    <td class="cell whitespace-nowrap">${formatGBP(lead.estimatedValue)}</td>
    <td class="cell" data-label="Owner">
      <p>${lead.createdBy ? fullName(lead.createdBy) : "Unknown"}</p>
      ${showAssignee && html`<p class="muted">Assigned: ${fullName(lead.assignedTo)}</p>`}
      ${!lead.assignedTo && html`<p class="muted">Unassigned</p>`}
    </td>
    <td class="cell whitespace-nowrap muted" data-label="${parts.dateLabel}">${relative(date)}</td>
    <td class="cell">
      <div class="flex justify-end">
        <a
          class="row-action"
          aria-label="View ${name}"
          title="View"
          href="/leads/${id}${parts.viewQuery}"
          data-app-link="keep-scroll"
          data-discover="true"
          >${parts.eye}</a
        ><a
          class="row-action"
          aria-label="Edit ${name}"
          title="Edit"
          href="/leads/${id}${parts.editQuery}"
          data-app-link="keep-scroll"
          data-discover="true"
          >${parts.pencil}</a
        ><a
          class="${parts.third.className}"
          aria-label="${parts.third.title} ${name}"
          title="${parts.third.title}"
          href="${parts.confirm}${id}"
          data-app-link="keep-scroll"
          data-discover="true"
          >${parts.third.icon}</a
        >
      </div>
    </td>
  </tr>`;
}
