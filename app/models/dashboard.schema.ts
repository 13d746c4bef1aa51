import { ACTIVE_STATUSES, type LeadStatus } from "./lead";

/** SPEC.md's dashboard stats: four figures and each one's percent change from last month. */
export type DashboardStats = {
  totalLeads: number;
  activeProspects: number;
  closedDeals: number;
  revenue: number;
  totalLeadsChange: number;
  activeProspectsChange: number;
  closedDealsChange: number;
  revenueChange: number;
};

/** The four figures counted over the leads created this calendar month (UTC): what each change is of. */
export type MonthFigures = Pick<DashboardStats, "totalLeads" | "activeProspects" | "closedDeals" | "revenue">;

export const DASHBOARD_TYPES = ["total-leads", "active-prospects", "closed-deals", "revenue"] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];

/** Each details page: its texts (SPEC.md "Dashboard details") and its leads (CONTRACT.md). */
export const DASHBOARD_DETAILS: Record<
  DashboardType,
  { title: string; subtitle: string; statuses?: readonly LeadStatus[]; withValue?: boolean }
> = {
  "total-leads": { title: "Total Leads", subtitle: "All leads in your pipeline" },
  "active-prospects": {
    title: "Active Prospects",
    subtitle: "Leads currently being worked on",
    statuses: ACTIVE_STATUSES,
  },
  "closed-deals": {
    title: "Closed Deals",
    subtitle: "Successfully closed opportunities",
    statuses: ["CLOSED_WON"],
  },
  revenue: {
    title: "Revenue Details",
    subtitle: "Revenue from closed deals",
    statuses: ["CLOSED_WON"],
    withValue: true,
  },
};

export function isDashboardType(value: unknown): value is DashboardType {
  return typeof value === "string" && (DASHBOARD_TYPES as readonly string[]).includes(value);
}

/**
 * CONTRACT.md's month-over-month change: this month's figure against last month's, in percent rounded to
 * one decimal (halves away from zero); 0 when both are 0, 100 when only last month's is. Figures are taken in
 * hundredths (pence) so that the rounding is exact.
 */
export function percentChange(current: number, previous: number) {
  const now = Math.round(current * 100);
  const before = Math.round(previous * 100);
  if (before === 0) return now === 0 ? 0 : 100;
  const tenths = ((now - before) * 1000) / before;
  return (Math.sign(tenths) * Math.round(Math.abs(tenths))) / 10 || 0;
}
