import type { SerializeFrom } from "@remix-run/node";
import { Form, useNavigate } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import {
  hasFilters,
  leadDetailHref,
  LEADS_PAGE_SIZE,
  leadsView,
  type LeadsView,
} from "~/features/leads/leads-view";
import { DEFAULT_SORT_DIRECTION, type LeadRow, type LeadSort } from "~/models/lead.schema";
import { formatGBP, fullName, relativeDate } from "~/utils/format";
import { useHydrated } from "~/utils/use-hydrated";
import { Avatar } from "../avatar";
import { buttonClass } from "../forms";
import { Icon } from "../icons";
import { Pager, SortHeader, Tabs } from "../list";
import { StatusBadge } from "./status-badge";

type ListLead = SerializeFrom<LeadRow>;

// The date column sorts by last update in the active tab and by archived date in the archive.
const COLUMNS: { sort: LeadSort; label: string; archive?: { sort: LeadSort; label: string } }[] = [
  { sort: "company", label: "Company" },
  { sort: "contact", label: "Contact" },
  { sort: "status", label: "Status" },
  { sort: "value", label: "Value" },
  { sort: "owner", label: "Owner/Assigned" },
  { sort: "updated", label: "Last Update", archive: { sort: "archived", label: "Archived Date" } },
];

/** The two tabs, the sortable table with selection and row actions, and the pager. */
export function LeadTable({
  view,
  leads,
  total,
  counts,
}: {
  view: LeadsView;
  leads: ListLead[];
  total: number;
  counts: { active: number; archived: number };
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const archive = view.tab === "archive";
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // A new page, sort, tab or list after a change: what was ticked is no longer on screen.
  const shown = leads.map((lead) => lead.id).join();
  useEffect(() => setSelected(new Set()), [shown]);
  const allSelected = leads.length > 0 && leads.every((lead) => selected.has(lead.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // The rows' actions are plain links (see RowAction); with JavaScript one handler follows them in the app,
  // keeping the scroll position as the dialogs they open expect.
  const followRowAction = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a.row-action");
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(link.getAttribute("href")!, { preventScrollReset: true });
  };

  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm" aria-label="Leads">
      <Tabs
        label="Lead lists"
        tabs={[
          { label: `Active Leads (${counts.active})`, href: tabHref(view, "active"), current: !archive },
          { label: `Archive (${counts.archived})`, href: tabHref(view, "archive"), current: archive },
        ]}
      />

      {/* Selection is a GET to a confirmation step; the boxes below belong to this form by its id. */}
      <Form
        id="bulk-form"
        method="get"
        action="/leads"
        className="flex flex-wrap items-center gap-3 px-4 py-2"
      >
        {leadsView.hiddenFields(view, ["tab", "q", "status", "mine"]).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value={archive ? "bulk-restore" : "bulk-archive"} />
        {/* With JavaScript the button waits for a ticked row; without, the confirmation step says if none is. */}
        <button
          type="submit"
          className={buttonClass.secondary}
          disabled={leads.length === 0 || (hydrated && selected.size === 0)}
        >
          <Icon name={archive ? "restore" : "trash"} width={16} height={16} />
          {archive ? "Restore selected" : "Archive selected"}
          {selected.size ? ` (${selected.size})` : ""}
        </button>
      </Form>

      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label={archive ? "Archived leads" : "Active leads"}
        onClick={followRowAction}
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="w-10 px-2 py-3">
                <input
                  type="checkbox"
                  name="all"
                  value="1"
                  form="bulk-form"
                  aria-label="Select all leads on this page"
                  checked={allSelected}
                  onChange={() =>
                    setSelected(allSelected ? new Set() : new Set(leads.map((lead) => lead.id)))
                  }
                />
              </th>
              {COLUMNS.map((column) => {
                const { sort, label } = (archive && column.archive) || column;
                return (
                  <SortHeader
                    key={sort}
                    label={label}
                    sort={sort}
                    current={view}
                    defaultDirection={DEFAULT_SORT_DIRECTION[sort]}
                    href={(sort, dir) => leadsView.href({ ...view, sort, dir, page: 1 })}
                  />
                );
              })}
              <th scope="col" className="cell text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {leads.length === 0 ? (
              <tr>
                <td colSpan={8} className="px-4 py-10 text-center text-slate-600">
                  {emptyText(view)}
                </td>
              </tr>
            ) : (
              leads.map((lead) => (
                <LeadRow
                  key={lead.id}
                  lead={lead}
                  view={view}
                  checked={selected.has(lead.id)}
                  onToggle={() => toggle(lead.id)}
                />
              ))
            )}
          </tbody>
        </table>
      </div>

      <Pager
        page={view.page}
        pageSize={LEADS_PAGE_SIZE}
        total={total}
        href={(page) => leadsView.href({ ...view, page })}
      />
    </section>
  );
}

/** The other tab keeps the filters and a column sort; a date sort becomes that tab's own date. */
function tabHref(view: LeadsView, tab: LeadsView["tab"]) {
  const dateSort = view.sort === "updated" || view.sort === "archived";
  return leadsView.href({ ...view, tab, page: 1, ...(dateSort ? { sort: undefined, dir: undefined } : {}) });
}

function emptyText(view: LeadsView) {
  const filtered = hasFilters(view);
  if (view.tab === "archive")
    return filtered ? "No archived leads match the current filters." : "No archived leads found.";
  return filtered
    ? "No leads match the current filters."
    : "No leads found. Create your first lead to get started.";
}

function LeadRow({
  lead,
  view,
  checked,
  onToggle,
}: {
  lead: ListLead;
  view: LeadsView;
  checked: boolean;
  onToggle: () => void;
}) {
  const name = `${lead.firstName} ${lead.lastName}`;
  const archive = view.tab === "archive";
  const showAssignee = lead.assignedTo && lead.assignedTo.id !== lead.createdBy?.id;
  const date = archive ? (lead.archivedAt ?? lead.updatedAt) : lead.updatedAt;
  const confirmHref = (confirm: string) => leadsView.href(view, { confirm, target: lead.id });
  return (
    <tr className="hover:bg-slate-50">
      <td className="cell">
        <input
          type="checkbox"
          name="ids"
          value={lead.id}
          form="bulk-form"
          aria-label={`Select ${name}`}
          checked={checked}
          onChange={onToggle}
        />
      </td>
      <td className="cell strong">{lead.company}</td>
      <td className="cell">
        <div className="person">
          <Avatar firstName={lead.firstName} lastName={lead.lastName} />
          <div className="min-w-0">
            <p className="strong">{name}</p>
            <p className="max-w-[10rem] truncate muted" title={lead.email}>
              {lead.email}
            </p>
          </div>
        </div>
      </td>
      <td className="cell">
        <StatusBadge status={lead.status} />
      </td>
      <td className="cell whitespace-nowrap">{formatGBP(lead.estimatedValue)}</td>
      <td className="cell">
        <p>{lead.createdBy ? fullName(lead.createdBy) : "Unknown"}</p>
        {showAssignee ? <p className="muted">Assigned: {fullName(lead.assignedTo)}</p> : null}
        {lead.assignedTo ? null : <p className="muted">Unassigned</p>}
      </td>
      <td className="cell whitespace-nowrap muted" suppressHydrationWarning>
        {relativeDate(date)}
      </td>
      <td className="cell">
        <div className="flex justify-end">
          <RowAction to={leadDetailHref(view, lead.id)} icon="eye" label={`View ${name}`} title="View" />
          <RowAction
            to={leadDetailHref(view, lead.id, { edit: "true" })}
            icon="pencil"
            label={`Edit ${name}`}
            title="Edit"
          />
          {archive ? (
            <RowAction to={confirmHref("restore")} icon="restore" label={`Restore ${name}`} title="Restore" />
          ) : (
            <RowAction
              to={confirmHref("archive")}
              icon="trash"
              label={`Archive ${name}`}
              title="Archive"
              danger
            />
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * A row's action: a plain link, not a router Link. 150 Links on a page of 50 rows were a tenth of its server
 * render (docs/scaling.md); the table follows these in the app instead (LeadTable, followRowAction).
 */
function RowAction({
  to,
  icon,
  label,
  title,
  danger,
}: {
  to: string;
  icon: "eye" | "pencil" | "restore" | "trash";
  label: string;
  title: string;
  danger?: boolean;
}) {
  return (
    <a
      href={to}
      className={danger ? "row-action hover:text-red-700" : "row-action"}
      aria-label={label}
      title={title}
    >
      <Icon name={icon} width={18} height={18} />
    </a>
  );
}
