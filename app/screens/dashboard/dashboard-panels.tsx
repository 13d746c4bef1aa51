import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import type { DashboardStats, MonthFigures } from "~/models/dashboard.schema";
import type { LeadRow } from "~/models/lead";
import type { Division } from "~/utils/divisions";
import { formatCount, formatGBP, fullName, relativeDates } from "~/utils/format";
import { AppLink } from "~/components/app-link";
import { Avatar } from "~/components/avatar";
import { Icon, type IconName } from "~/components/icons";
import { StatusBadge } from "~/components/status-badge";
import { useTimeZone } from "~/components/time-zone";
import { dashboardLeadHref, dashboardView } from "./dashboard-view";

type ListLead = SerializeFrom<LeadRow>;

const CARDS: {
  key: keyof MonthFigures;
  change: keyof DashboardStats;
  title: string;
  /** What the card's figure counts over: every lead ever, or those open now. */
  period: string;
  href: string;
  icon: IconName;
}[] = [
  {
    key: "totalLeads",
    change: "totalLeadsChange",
    title: "Total Leads",
    period: "all time",
    href: "/dashboard/total-leads",
    icon: "leads",
  },
  {
    key: "activeProspects",
    change: "activeProspectsChange",
    title: "Active Prospects",
    period: "open now",
    href: "/dashboard/active-prospects",
    icon: "clock",
  },
  {
    key: "closedDeals",
    change: "closedDealsChange",
    title: "Closed Deals",
    period: "all time",
    href: "/dashboard/closed-deals",
    icon: "check",
  },
  {
    key: "revenue",
    change: "revenueChange",
    title: "Revenue",
    period: "all time",
    href: "/dashboard/revenue",
    icon: "document",
  },
];

/**
 * A figure's type size by its length, so that a revenue of hundreds of billions (£999,999,999,999.99) stays
 * on one line in a quarter-width card (about 200 px of text at 1280 px) or on a phone.
 */
export function figureSize(text: string) {
  if (text.length > 19) return "text-base";
  return text.length > 14 ? "text-lg" : text.length > 10 ? "text-xl" : "text-2xl";
}

/**
 * The four stat cards, each linking to its details: the figure with its period, and this month's figure with
 * its percent change from last month's, so that the change is of the number beside it (CONTRACT.md: each
 * month counts the leads created in it, in UTC).
 */
export function StatCards({ stats, thisMonth }: { stats: DashboardStats; thisMonth: MonthFigures }) {
  return (
    <div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Statistics">
        {CARDS.map((card) => {
          const format = card.key === "revenue" ? formatGBP : formatCount;
          const figure = format(stats[card.key]);
          const change = stats[card.change];
          return (
            <li key={card.key}>
              <AppLink
                to={card.href}
                className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-slate-400 sm:p-5"
              >
                <div className="flex items-center justify-between">
                  <h2 className="text-sm font-medium text-slate-600">{card.title}</h2>
                  <Icon name={card.icon} className="text-slate-500" />
                </div>
                <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
                  <span
                    className={`font-bold whitespace-nowrap text-slate-900 tabular-nums ${figureSize(figure)}`}
                  >
                    {figure}
                  </span>
                  <span className="text-xs text-slate-600">{card.period}</span>
                </p>
                <p className="mt-2 flex flex-wrap gap-x-2 border-t border-slate-100 pt-2 text-sm text-slate-700">
                  <span>
                    <span className="font-semibold whitespace-nowrap tabular-nums">
                      {format(thisMonth[card.key])}
                    </span>{" "}
                    this month
                  </span>
                  <span className={change < 0 ? "text-red-700" : "text-emerald-700"}>
                    {change > 0 ? "+" : ""}
                    {formatCount(change)}% from last month
                  </span>
                </p>
              </AppLink>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-slate-600">
        This month counts the leads created in it (UTC); each change compares it with last month.
      </p>
    </div>
  );
}

/** A titled panel of the dashboard (a region named by its title). */
export function Panel({
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

/**
 * The first five leads of the division's list (newest update first): a table from the `xl` breakpoint, where
 * it fits beside the sidebar, a list of cards below it. Names and companies open the lead over the dashboard.
 */
export function RecentLeads({ leads }: { leads: ListLead[] }) {
  const relative = relativeDates(useTimeZone());
  const leadLink = (lead: ListLead, children: ReactNode, className: string) => (
    <AppLink to={dashboardLeadHref(lead.id)} preventScrollReset className={`${className} hover:underline`}>
      {children}
    </AppLink>
  );
  const owner = (lead: ListLead) => (lead.createdBy ? fullName(lead.createdBy) : "Unknown");
  return (
    <Panel title="Recent Leads" className="2xl:col-span-2">
      {leads.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-600">
          No leads found. Create your first lead to get started.
        </p>
      ) : (
        <>
          <div
            className="hidden overflow-x-auto xl:block"
            tabIndex={0}
            role="region"
            aria-label="Recent leads table"
          >
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
                          {leadLink(lead, `${lead.firstName} ${lead.lastName}`, "font-medium text-slate-900")}
                          <p className="max-w-[12rem] truncate text-slate-600" title={lead.email}>
                            {lead.email}
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className="cell">{owner(lead)}</td>
                    <td className="cell">{leadLink(lead, lead.company, "text-slate-900")}</td>
                    <td className="cell">
                      <StatusBadge status={lead.status} />
                    </td>
                    <td className="cell whitespace-nowrap tabular-nums">{formatGBP(lead.estimatedValue)}</td>
                    <td className="cell whitespace-nowrap text-slate-600" suppressHydrationWarning>
                      {relative(lead.updatedAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="divide-y divide-slate-100 xl:hidden" aria-label="Recent leads">
            {leads.map((lead) => (
              <li key={lead.id} className="flex gap-3 px-4 py-3 text-sm">
                <Avatar firstName={lead.firstName} lastName={lead.lastName} />
                <div className="min-w-0 flex-1">
                  <div className="flex items-start justify-between gap-2">
                    {leadLink(
                      lead,
                      `${lead.firstName} ${lead.lastName}`,
                      "min-w-0 font-medium text-slate-900",
                    )}
                    <StatusBadge status={lead.status} />
                  </div>
                  <p className="truncate text-slate-600" title={lead.email}>
                    {lead.email}
                  </p>
                  {leadLink(lead, lead.company, "block text-slate-900")}
                  {/* A column of label and value on a phone, one line of pairs from `sm`. */}
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 sm:flex sm:flex-wrap sm:gap-x-5">
                    <div className="contents sm:flex sm:gap-x-1.5">
                      <dt className="text-slate-600">Owner</dt>
                      <dd>{owner(lead)}</dd>
                    </div>
                    <div className="contents sm:flex sm:gap-x-1.5">
                      <dt className="text-slate-600">Value</dt>
                      <dd className="whitespace-nowrap tabular-nums">{formatGBP(lead.estimatedValue)}</dd>
                    </div>
                    <div className="contents sm:flex sm:gap-x-1.5">
                      <dt className="text-slate-600">Last Contact</dt>
                      <dd suppressHydrationWarning>{relative(lead.updatedAt)}</dd>
                    </div>
                  </dl>
                </div>
              </li>
            ))}
          </ul>
        </>
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

/** The first three leads, each opening its detail over the dashboard. */
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
                to={dashboardLeadHref(lead.id)}
                preventScrollReset
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
