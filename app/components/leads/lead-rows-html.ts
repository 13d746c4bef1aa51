import type { SerializeFrom } from "@remix-run/node";
import { leadsView, type LeadsView } from "~/features/leads/leads-view";
import type { LeadRow } from "~/models/lead";
import { formatGBP, fullName, relativeDates } from "~/utils/format";
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
export function leadRowsHtml(leads: ListLead[], view: LeadsView, timeZone: string) {
  const links = rowLinks(view);
  const relative = relativeDates(timeZone);
  return html`${leads.map((lead) => leadRowHtml(lead, view, links, relative))}`.__html;
}

/**
 * A row's links differ only by the lead's id, so the view's part of them is built once a page rather than
 * three times a row. The same addresses as `leadDetailHref` and `leadsView.href` give (an id is a UUID,
 * which no encoding changes).
 */
function rowLinks(view: LeadsView) {
  const viewQuery = leadsView.href(view, {}, "");
  const editQuery = leadsView.href(view, { edit: "true" }, "");
  const confirm = leadsView.href(view, { confirm: view.tab === "archive" ? "restore" : "archive" });
  return {
    view: (id: string) => `/leads/${id}${viewQuery}`,
    edit: (id: string) => `/leads/${id}${editQuery}`,
    confirm: (id: string) => `${confirm}&target=${id}`,
  };
}

function leadRowHtml(
  lead: ListLead,
  view: LeadsView,
  links: ReturnType<typeof rowLinks>,
  relative: (date: string | Date) => string,
) {
  const name = `${lead.firstName} ${lead.lastName}`;
  const archive = view.tab === "archive";
  const showAssignee = lead.assignedTo && lead.assignedTo.id !== lead.createdBy?.id;
  const date = archive ? (lead.archivedAt ?? lead.updatedAt) : lead.updatedAt;
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
    <td class="cell whitespace-nowrap muted">${relative(date)}</td>
    <td class="cell">
      <div class="flex justify-end">
        ${rowAction(links.view(lead.id), "eye", `View ${name}`, "View")}
        ${rowAction(links.edit(lead.id), "pencil", `Edit ${name}`, "Edit")}
        ${
          archive
            ? rowAction(links.confirm(lead.id), "restore", `Restore ${name}`, "Restore")
            : rowAction(links.confirm(lead.id), "trash", `Archive ${name}`, "Archive", true)
        }
      </div>
    </td>
  </tr>`;
}

/** A row's action: the markup of an `AppLink` keeping the scroll position, as the dialogs it opens expect. */
function rowAction(href: string, icon: IconName, label: string, title: string, danger = false) {
  return html`<a
    href="${href}"
    data-app-link="keep-scroll"
    data-discover="true"
    class="${danger ? "row-action hover:text-red-700" : "row-action"}"
    aria-label="${label}"
    title="${title}"
    >${iconHtml(icon, 18)}</a
  >`;
}
