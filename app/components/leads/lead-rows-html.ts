import type { SerializeFrom } from "@remix-run/node";
import { leadDetailHref, leadsView, type LeadsView } from "~/features/leads/leads-view";
import type { LeadRow } from "~/models/lead.schema";
import { formatGBP, fullName, relativeDate } from "~/utils/format";
import { html } from "~/utils/html";
import { avatarHtml } from "../avatar";
import { iconHtml, type IconName } from "../icons";
import { statusBadgeHtml } from "./status-badge";

export type ListLead = SerializeFrom<LeadRow>;

/**
 * The lead table's rows as markup, the same on the server and in the browser. React's renderer spent a
 * third of the /leads page's CPU on these 50 rows of 28 elements each (docs/decisions/011-lead-rows-as-html.md);
 * written here they cost about an eighth of that. LeadTable owns what they do: the ticks and the row actions.
 */
export function leadRowsHtml(leads: ListLead[], view: LeadsView) {
  return html`${leads.map((lead) => leadRowHtml(lead, view))}`.__html;
}

function leadRowHtml(lead: ListLead, view: LeadsView) {
  const name = `${lead.firstName} ${lead.lastName}`;
  const archive = view.tab === "archive";
  const showAssignee = lead.assignedTo && lead.assignedTo.id !== lead.createdBy?.id;
  const date = archive ? (lead.archivedAt ?? lead.updatedAt) : lead.updatedAt;
  const confirmHref = (confirm: string) => leadsView.href(view, { confirm, target: lead.id });
  return html`<tr class="hover:bg-slate-50">
    <td class="cell">
      <input type="checkbox" name="ids" value="${lead.id}" form="bulk-form" aria-label="Select ${name}" />
    </td>
    <td class="cell strong">${lead.company}</td>
    <td class="cell">
      <div class="person">
        ${avatarHtml(lead.firstName, lead.lastName)}
        <div class="min-w-0">
          <p class="strong">${name}</p>
          <p class="max-w-[10rem] truncate muted" title="${lead.email}">${lead.email}</p>
        </div>
      </div>
    </td>
    <td class="cell">${statusBadgeHtml(lead.status)}</td>
    <td class="cell whitespace-nowrap">${formatGBP(lead.estimatedValue)}</td>
    <td class="cell">
      <p>${lead.createdBy ? fullName(lead.createdBy) : "Unknown"}</p>
      ${showAssignee && html`<p class="muted">Assigned: ${fullName(lead.assignedTo)}</p>`}
      ${!lead.assignedTo && html`<p class="muted">Unassigned</p>`}
    </td>
    <td class="cell whitespace-nowrap muted">${relativeDate(date)}</td>
    <td class="cell">
      <div class="flex justify-end">
        ${rowAction(leadDetailHref(view, lead.id), "eye", `View ${name}`, "View")}
        ${rowAction(leadDetailHref(view, lead.id, { edit: "true" }), "pencil", `Edit ${name}`, "Edit")}
        ${
          archive
            ? rowAction(confirmHref("restore"), "restore", `Restore ${name}`, "Restore")
            : rowAction(confirmHref("archive"), "trash", `Archive ${name}`, "Archive", true)
        }
      </div>
    </td>
  </tr>`;
}

/** A row's action: a plain link, which LeadTable follows in the app when JavaScript runs. */
function rowAction(href: string, icon: IconName, label: string, title: string, danger = false) {
  return html`<a
    href="${href}"
    class="${danger ? "row-action hover:text-red-700" : "row-action"}"
    aria-label="${label}"
    title="${title}"
    >${iconHtml(icon, 18)}</a
  >`;
}
