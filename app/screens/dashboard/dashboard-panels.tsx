import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import type { DashboardStats } from "~/models/dashboard.schema";
import type { LeadRow } from "~/models/lead";
import type { Division } from "~/utils/divisions";
import { formatGBP, fullName, relativeDates } from "~/utils/format";
import { AppLink } from "~/components/app-link";
import { Avatar } from "~/components/avatar";
import { Icon, type IconName } from "~/components/icons";
import { StatusBadge } from "~/components/status-badge";
import { useTimeZone } from "~/components/time-zone";
import { openLeadHref } from "../leads/leads-view";
import { dashboardView } from "./dashboard-view";

type ListLead = SerializeFrom<LeadRow>;

const CARDS: {
  key: keyof DashboardStats;
  change: keyof DashboardStats;
  title: string;
  href: string;
  icon: IconName;
}[] = [
  {
    key: "totalLeads",
    change: "totalLeadsChange",
    title: "Total Leads",
    href: "/dashboard/total-leads",
    icon: "leads",
  },
  {
    key: "activeProspects",
    change: "activeProspectsChange",
    title: "Active Prospects",
    href: "/dashboard/active-prospects",
    icon: "clock",
  },
  {
    key: "closedDeals",
    change: "closedDealsChange",
    title: "Closed Deals",
    href: "/dashboard/closed-deals",
    icon: "check",
  },
  { key: "revenue", change: "revenueChange", title: "Revenue", href: "/dashboard/revenue", icon: "document" },
];

/** The four stat cards, each with its percent change from last month, each linking to its details. */
export function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Statistics">
      {CARDS.map((card) => {
        const change = stats[card.change];
        const value = stats[card.key];
        return (
          <li key={card.key}>
            <AppLink
              to={card.href}
              className="block rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-slate-400"
            >
              <div className="flex items-center justify-between">
                <h2 className="text-sm font-medium text-slate-600">{card.title}</h2>
                <Icon name={card.icon} className="text-slate-500" />
              </div>
              <p className="mt-2 text-2xl font-bold text-slate-900">
                {card.key === "revenue" ? formatGBP(value) : value.toLocaleString("en-GB")}
              </p>
              <p className={`mt-1 text-sm ${change < 0 ? "text-red-700" : "text-emerald-700"}`}>
                {change > 0 ? "+" : ""}
                {change}% from last month
              </p>
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}

function Panel({
  title,
  children,
  className = "",
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}
    >
      <h2 className="border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** The first five leads of the division's list (newest update first). */
export function RecentLeads({ leads }: { leads: ListLead[] }) {
  const relative = relativeDates(useTimeZone());
  return (
    <Panel title="Recent Leads" className="2xl:col-span-2">
      {leads.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-600">
          No leads found. Create your first lead to get started.
        </p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Recent leads table">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="cell">
                  Contact
                </th>
                <th scope="col" className="cell">
                  Owner
                </th>
                <th scope="col" className="cell">
                  Company
                </th>
                <th scope="col" className="cell">
                  Status
                </th>
                <th scope="col" className="cell">
                  Value
                </th>
                <th scope="col" className="cell">
                  Last Contact
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {leads.map((lead) => (
                <tr key={lead.id}>
                  <td className="cell">
                    <div className="flex items-center gap-3">
                      <Avatar firstName={lead.firstName} lastName={lead.lastName} />
                      <div className="min-w-0">
                        <AppLink
                          to={openLeadHref(lead.id)}
                          className="font-medium text-slate-900 hover:underline"
                        >
                          {lead.firstName} {lead.lastName}
                        </AppLink>
                        <p className="max-w-[12rem] truncate text-slate-600" title={lead.email}>
                          {lead.email}
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className="cell">{lead.createdBy ? fullName(lead.createdBy) : "Unknown"}</td>
                  <td className="cell">{lead.company}</td>
                  <td className="cell">
                    <StatusBadge status={lead.status} />
                  </td>
                  <td className="cell whitespace-nowrap">{formatGBP(lead.estimatedValue)}</td>
                  <td className="cell whitespace-nowrap text-slate-600" suppressHydrationWarning>
                    {relative(lead.updatedAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/** Quick Actions: the two dialogs of this page, the calendar, and the CSV export of the division's leads. */
export function QuickActions({ division }: { division: Division }) {
  const action =
    "flex items-center gap-3 rounded-md border border-slate-200 px-4 py-3 text-sm font-medium text-slate-800 hover:bg-slate-50";
  return (
    <Panel title="Quick Actions">
      <div className="grid grid-cols-1 gap-2 p-4">
        <AppLink to={dashboardView.href({}, { new: "lead" })} preventScrollReset className={action}>
          <Icon name="plus" /> Add New Lead
        </AppLink>
        <AppLink to={dashboardView.href({}, { new: "contact" })} preventScrollReset className={action}>
          <Icon name="contacts" /> Add Contact
        </AppLink>
        <AppLink to="/calendar" className={action}>
          <Icon name="calendar" /> Schedule Follow Up
        </AppLink>
        {/* A plain download: the browser saves the CSV the server streams. */}
        <a href={`/api/leads/${division}/export.csv`} download className={action}>
          <Icon name="document" /> Export Report
        </a>
      </div>
    </Panel>
  );
}

/** The first three leads, each opening its detail. */
export function RecentActivity({ leads }: { leads: ListLead[] }) {
  const relative = relativeDates(useTimeZone());
  return (
    <Panel title="Recent Activity">
      {leads.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-600">No recent activity.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <li key={lead.id}>
              <AppLink
                to={openLeadHref(lead.id)}
                className="flex items-center gap-3 px-5 py-3 hover:bg-slate-50"
              >
                <Avatar firstName={lead.firstName} lastName={lead.lastName} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">
                    {lead.firstName} {lead.lastName}
                  </span>
                  <span className="block truncate text-sm text-slate-600">{lead.company}</span>
                </span>
                <span className="text-xs text-slate-600" suppressHydrationWarning>
                  {relative(lead.updatedAt)}
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
