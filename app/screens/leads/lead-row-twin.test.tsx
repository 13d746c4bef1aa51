// The lead rows are written as HTML (docs/decisions/011-lead-rows-as-html.md) from the same pieces as the
// rest of the app. `LeadRow` below is the row as React would render it with those pieces (AppLink, Avatar,
// StatusBadge, Icon): the string must be its markup, so that a row reads and behaves as the React of any
// other table. A change to a row's look is made in lead-rows-html.ts and here.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppLink } from "~/components/app-link";
import { Avatar } from "~/components/avatar";
import { Icon } from "~/components/icons";
import { StatusBadge } from "~/components/status-badge";
import { leadDetailHref, leadsView, type LeadsView } from "~/screens/leads/leads-view";
import { formatGBP, fullName, relativeDates } from "~/utils/format";
import { leadRowsHtml, type ListLead } from "./lead-rows-html";

const TIME_ZONE = "Europe/London";

function LeadRow({ lead, view }: { lead: ListLead; view: LeadsView }) {
  const name = `${lead.firstName} ${lead.lastName}`;
  const archive = view.tab === "archive";
  const showAssignee = lead.assignedTo && lead.assignedTo.id !== lead.createdBy?.id;
  const date = archive ? (lead.archivedAt ?? lead.updatedAt) : lead.updatedAt;
  const confirmHref = (confirm: "archive" | "restore") => leadsView.href(view, { confirm, target: lead.id });
  return (
    <tr className="hover:bg-slate-50">
      <td className="cell">
        <input type="checkbox" name="ids" value={lead.id} form="bulk-form" aria-label={`Select ${name}`} />
      </td>
      <td className="cell">
        <AppLink to={leadDetailHref(view, lead.id)} preventScrollReset className="lead-link">
          {lead.company}
        </AppLink>
      </td>
      <td className="cell">
        <div className="person">
          <Avatar firstName={lead.firstName} lastName={lead.lastName} />
          <div className="min-w-0">
            <AppLink to={leadDetailHref(view, lead.id)} preventScrollReset className="lead-link">
              {name}
            </AppLink>
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
      <td className="cell" data-label="Owner">
        <p>{lead.createdBy ? fullName(lead.createdBy) : "Unknown"}</p>
        {showAssignee ? <p className="muted">Assigned: {fullName(lead.assignedTo)}</p> : null}
        {lead.assignedTo ? null : <p className="muted">Unassigned</p>}
      </td>
      <td className="cell whitespace-nowrap muted" data-label={archive ? "Archived Date" : "Last Update"}>
        {relativeDates(TIME_ZONE)(date)}
      </td>
      <td className="cell">
        <div className="flex justify-end">
          <RowAction to={leadDetailHref(view, lead.id)} icon="eye" label={`View ${name}`} title="View" />
          <RowAction
            to={leadDetailHref(view, lead.id, { edit: true })}
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
              className="hover:text-red-700"
            />
          )}
        </div>
      </td>
    </tr>
  );
}

function RowAction({
  to,
  icon,
  label,
  title,
  className,
}: {
  to: string;
  icon: "eye" | "pencil" | "restore" | "trash";
  label: string;
  title: string;
  className?: string;
}) {
  return (
    <AppLink
      to={to}
      preventScrollReset
      className={className ? `row-action ${className}` : "row-action"}
      aria-label={label}
      title={title}
    >
      <Icon name={icon} width={18} height={18} />
    </AppLink>
  );
}

const lead: ListLead = {
  id: "00000000-0000-4000-8000-000000000001",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "Analytical Engines",
  status: "QUALIFIED",
  estimatedValue: "12500.5",
  createdBy: { id: "u1", firstName: "Sam", lastName: "Seller" },
  assignedTo: { id: "u2", firstName: "Alex", lastName: "Agent" },
  updatedAt: new Date(),
  archivedAt: null,
};

const DAY = 24 * 60 * 60 * 1000;

describe("a lead row written as HTML", () => {
  const cases: [string, ListLead, string][] = [
    ["an assigned lead in the default view", lead, ""],
    [
      "text that needs escaping, in every field and in the view's links",
      {
        ...lead,
        firstName: `<img src=x onerror="alert(1)">`,
        lastName: "O'Brien & Co",
        email: `"quoted"@example.com`,
        company: `Analytical & "Engines" <Ltd>`,
        createdBy: { id: "u1", firstName: "<b>Sam</b>", lastName: "&amp;" },
        assignedTo: { id: "u2", firstName: "Alex's", lastName: `"Agent"` },
      },
      `q=${encodeURIComponent(`<a&b"'>`)}&sort=company&dir=asc&page=2&status=NEW&mine=1`,
    ],
    [
      "a lead its creator holds, with no value, updated days ago",
      {
        ...lead,
        status: "CLOSED_LOST",
        estimatedValue: null,
        assignedTo: { id: "u1", firstName: "Sam", lastName: "Seller" },
        updatedAt: new Date(Date.now() - 3 * DAY),
      },
      "sort=value",
    ],
    [
      "an unassigned lead with no creator, in the Archive",
      { ...lead, createdBy: null, assignedTo: null, archivedAt: new Date(Date.now() - 40 * DAY) },
      "tab=archive",
    ],
  ];

  for (const [what, row, query] of cases) {
    it(`is the markup React renders for it: ${what}`, () => {
      const view = leadsView.read(new URLSearchParams(query));
      expect(leadRowsHtml([row], view, TIME_ZONE)).toBe(
        renderToStaticMarkup(<LeadRow lead={row} view={view} />),
      );
    });
  }
});
