import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import type { LeadSort } from "~/models/lead.schema";
import { formatGBP, fullName, relativeDate } from "~/utils/format";
import { hasFilters, LEADS_PAGE_SIZE, leadsHref, type LeadsView } from "~/utils/leads-url";
import type { SerializeFrom } from "@remix-run/node";
import type { Lead } from "~/models/lead.server";
import { buttonClass } from "../forms";
import { Avatar } from "../avatar";
import { Icon } from "../icons";
import { StatusBadge } from "./status-badge";

type ListLead = SerializeFrom<Lead>;

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
  const archive = view.tab === "archive";
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const allSelected = leads.length > 0 && leads.every((lead) => selected.has(lead.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const first = total === 0 ? 0 : (view.page - 1) * LEADS_PAGE_SIZE + 1;
  const last = Math.min(total, view.page * LEADS_PAGE_SIZE);
  const tabClass = (active: boolean) =>
    `-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
      active ? "border-slate-800 text-slate-900" : "border-transparent text-slate-600 hover:text-slate-900"
    }`;

  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm" aria-label="Leads">
      <nav aria-label="Lead lists" className="flex border-b border-slate-200 px-2">
        <Link
          to={tabHref(view, "active")}
          aria-current={!archive ? "page" : undefined}
          className={tabClass(!archive)}
        >
          Active Leads ({counts.active})
        </Link>
        <Link
          to={tabHref(view, "archive")}
          aria-current={archive ? "page" : undefined}
          className={tabClass(archive)}
        >
          Archive ({counts.archived})
        </Link>
      </nav>

      {/* Selection is a GET to a confirmation step; the boxes below belong to this form by its id. */}
      <Form
        id="bulk-form"
        method="get"
        action="/leads"
        className="flex flex-wrap items-center gap-3 px-4 py-2"
      >
        {Object.entries({
          tab: archive ? "archive" : "",
          q: view.q,
          status: view.status,
          mine: view.mine ? "1" : "",
        })
          .filter(([, value]) => value)
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <input type="hidden" name="confirm" value={archive ? "bulk-restore" : "bulk-archive"} />
        <button type="submit" className={buttonClass.secondary} disabled={leads.length === 0}>
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
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="w-10 px-4 py-3">
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
                return <SortHeader key={sort} view={view} sort={sort} label={label} />;
              })}
              <th scope="col" className="px-4 py-3 text-right">
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

      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
        <p>
          Showing {first} to {last} of {total} results
        </p>
        <div className="flex gap-2">
          <PageLink view={view} page={view.page - 1} enabled={view.page > 1} label="Previous" />
          <PageLink view={view} page={view.page + 1} enabled={last < total} label="Next" />
        </div>
      </footer>
    </section>
  );
}

/** The other tab keeps the filters and a column sort; a date sort becomes that tab's own date. */
function tabHref(view: LeadsView, tab: LeadsView["tab"]) {
  const dateSort = view.sort === "updated" || view.sort === "archived";
  return leadsHref({ ...view, tab, page: 1, ...(dateSort ? { sort: undefined, dir: undefined } : {}) });
}

function emptyText(view: LeadsView) {
  const filtered = hasFilters(view);
  if (view.tab === "archive")
    return filtered ? "No archived leads match the current filters." : "No archived leads found.";
  return filtered
    ? "No leads match the current filters."
    : "No leads found. Create your first lead to get started.";
}

function SortHeader({ view, sort, label }: { view: LeadsView; sort: LeadSort; label: string }) {
  const active = view.sort === sort;
  const nextDir = active
    ? view.dir === "asc"
      ? "desc"
      : "asc"
    : sort === "updated" || sort === "archived"
      ? "desc"
      : "asc";
  return (
    <th
      scope="col"
      className="px-4 py-3 whitespace-nowrap"
      aria-sort={active ? (view.dir === "asc" ? "ascending" : "descending") : "none"}
    >
      <Link
        to={leadsHref({ ...view, sort, dir: nextDir, page: 1 })}
        className="inline-flex items-center gap-1 hover:text-slate-900"
      >
        {label}
        <span aria-hidden="true">{active ? (view.dir === "asc" ? "▲" : "▼") : "↕"}</span>
      </Link>
    </th>
  );
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
  return (
    <tr className="hover:bg-slate-50">
      <td className="px-4 py-3">
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
      <td className="px-4 py-3 font-medium text-slate-900">{lead.company}</td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-3">
          <Avatar firstName={lead.firstName} lastName={lead.lastName} />
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{name}</p>
            <p className="max-w-[14rem] truncate text-slate-600" title={lead.email}>
              {lead.email}
            </p>
          </div>
        </div>
      </td>
      <td className="px-4 py-3">
        <StatusBadge status={lead.status} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap">{formatGBP(lead.estimatedValue)}</td>
      <td className="px-4 py-3">
        <p>{lead.createdBy ? fullName(lead.createdBy) : "Unknown"}</p>
        <p className="text-slate-600">
          {showAssignee ? `Assigned: ${fullName(lead.assignedTo)}` : lead.assignedTo ? null : "Unassigned"}
        </p>
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-600" suppressHydrationWarning>
        {relativeDate(date)}
      </td>
      <td className="px-4 py-3">
        <div className="flex justify-end gap-1">
          <Link
            to={leadsHref(view, { open: lead.id })}
            preventScrollReset
            className={buttonClass.icon}
            aria-label={`View ${name}`}
            title="View"
          >
            <Icon name="eye" width={18} height={18} />
          </Link>
          <Link
            to={leadsHref(view, { open: lead.id, edit: "true" })}
            preventScrollReset
            className={buttonClass.icon}
            aria-label={`Edit ${name}`}
            title="Edit"
          >
            <Icon name="pencil" width={18} height={18} />
          </Link>
          {archive ? (
            <Link
              to={leadsHref(view, { confirm: "restore", target: lead.id })}
              preventScrollReset
              className={buttonClass.icon}
              aria-label={`Restore ${name}`}
              title="Restore"
            >
              <Icon name="restore" width={18} height={18} />
            </Link>
          ) : (
            <Link
              to={leadsHref(view, { confirm: "archive", target: lead.id })}
              preventScrollReset
              className={`${buttonClass.icon} hover:text-red-700`}
              aria-label={`Archive ${name}`}
              title="Archive"
            >
              <Icon name="trash" width={18} height={18} />
            </Link>
          )}
        </div>
      </td>
    </tr>
  );
}

function PageLink({
  view,
  page,
  enabled,
  label,
}: {
  view: LeadsView;
  page: number;
  enabled: boolean;
  label: string;
}) {
  if (!enabled) {
    return (
      <span aria-disabled="true" className={`${buttonClass.secondary} cursor-not-allowed opacity-50`}>
        {label}
      </span>
    );
  }
  return (
    <Link to={leadsHref({ ...view, page })} className={buttonClass.secondary}>
      {label}
    </Link>
  );
}
