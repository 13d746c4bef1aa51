import { db } from "~/db/db.server";
import type { Division } from "~/utils/divisions";
import { requireDivisionAccess, type Actor } from "./actor.server";
import { percentChange, type DashboardStats, type MonthFigures } from "./dashboard.schema";
import { ACTIVE_STATUSES, LEAD_STATUSES, type LeadStatus } from "./lead";

/** The first day of `date`'s month and of the month before, in UTC, as ISO dates. */
export function monthStarts(date: Date) {
  return { current: monthStart(date, 0), previous: monthStart(date, -1) };
}

/** The first day of the month `offset` months from `date`'s, in UTC, as an ISO date. */
function monthStart(date: Date, offset: number) {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}

/** The months the won-value chart shows, this one last. */
const CHART_MONTHS = 6;

/**
 * Everything the dashboard shows of the division's non-archived leads, in one read of the kept counts
 * (sql/00002_lead_stats.sql, with their deltas: sql/00014): its rows per status and month of creation, a few
 * hundred however many leads there are, folded here.
 * - `stats`: CONTRACT.md "Dashboard stats". Each change compares the leads created this calendar month (UTC)
 *   with those created the month before; `thisMonth` is the first of the two, so that the page can show what
 *   each change is of.
 * - `byStatus`: how many leads are in each status.
 * - `wonByMonth`: the won value (CLOSED_WON estimated values) of the leads created in each of the last
 *   CHART_MONTHS months: by month of creation, as the Revenue card's change counts, since a lead keeps no date
 *   of being won. A month with none is 0.
 */
export async function dashboardFigures(actor: Actor, division: Division, now = new Date()) {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const rows = await sql<{ status: LeadStatus; month: string; leads: string; value: string }[]>`
    select status, created_month::text as month, sum(leads) as leads, sum(value_sum) as value
      from lead_stats_now
     where company_division = ${division} and not is_archived
     group by status, created_month`;
  return foldFigures(
    rows.map((row) => ({ ...row, leads: Number(row.leads), value: Number(row.value) })),
    now,
  );
}

type FigureRow = { status: LeadStatus; month: string; leads: number; value: number };

function foldFigures(rows: FigureRow[], now: Date) {
  const { current, previous } = monthStarts(now);
  const active = new Set<LeadStatus>(ACTIVE_STATUSES);
  const measures = {
    totalLeads: (row: FigureRow) => row.leads,
    activeProspects: (row: FigureRow) => (active.has(row.status) ? row.leads : 0),
    closedDeals: (row: FigureRow) => (row.status === "CLOSED_WON" ? row.leads : 0),
    revenue: (row: FigureRow) => (row.status === "CLOSED_WON" ? row.value : 0),
  };
  // To the penny: the kept sums are exact, adding them as floating point numbers need not be.
  const sum = (measure: (row: FigureRow) => number, month?: string) =>
    Math.round(
      rows.reduce(
        (total, row) => total + (month === undefined || row.month === month ? measure(row) : 0),
        0,
      ) * 100,
    ) / 100;
  const byStatus = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<
    LeadStatus,
    number
  >;
  for (const row of rows) byStatus[row.status] += row.leads;
  const months = Array.from({ length: CHART_MONTHS }, (_, index) =>
    monthStart(now, index - CHART_MONTHS + 1),
  );
  return {
    stats: {
      totalLeads: sum(measures.totalLeads),
      activeProspects: sum(measures.activeProspects),
      closedDeals: sum(measures.closedDeals),
      revenue: sum(measures.revenue),
      totalLeadsChange: percentChange(sum(measures.totalLeads, current), sum(measures.totalLeads, previous)),
      activeProspectsChange: percentChange(
        sum(measures.activeProspects, current),
        sum(measures.activeProspects, previous),
      ),
      closedDealsChange: percentChange(
        sum(measures.closedDeals, current),
        sum(measures.closedDeals, previous),
      ),
      revenueChange: percentChange(sum(measures.revenue, current), sum(measures.revenue, previous)),
    } satisfies DashboardStats,
    thisMonth: {
      totalLeads: sum(measures.totalLeads, current),
      activeProspects: sum(measures.activeProspects, current),
      closedDeals: sum(measures.closedDeals, current),
      revenue: sum(measures.revenue, current),
    } satisfies MonthFigures,
    byStatus,
    wonByMonth: months.map((month) => ({ month, value: sum(measures.revenue, month) })),
  };
}

/** The eight figures of CONTRACT.md "Dashboard stats" (GET /api/dashboard/stats/{division}). */
export async function dashboardStats(actor: Actor, division: Division, now = new Date()) {
  return (await dashboardFigures(actor, division, now)).stats;
}
