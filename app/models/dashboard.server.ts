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

/**
 * The dashboard's figures over the division's non-archived leads (CONTRACT.md "Dashboard stats"), read from
 * the kept counts (sql/00002_lead_stats.sql, with their deltas: sql/00014): a few hundred rows however many
 * leads there are. Each change compares the leads created this calendar month (UTC) with those created the
 * month before; `thisMonth` is the first of the two, so that the page can show what each change is of.
 */
export async function dashboardSummary(
  actor: Actor,
  division: Division,
  now = new Date(),
): Promise<{ stats: DashboardStats; thisMonth: MonthFigures }> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const { current, previous } = monthStarts(now);
  const active = sql.array([...ACTIVE_STATUSES]);
  const [row] = await sql<Record<string, string>[]>`
    with figures as (
      select created_month,
             leads as total,
             case when status = any(${active}::text[]) then leads else 0 end as active,
             case when status = 'CLOSED_WON' then leads else 0 end as closed,
             case when status = 'CLOSED_WON' then value_sum else 0 end as revenue
        from lead_stats_now
       where company_division = ${division} and not is_archived
    )
    select coalesce(sum(total), 0) as total_leads,
           coalesce(sum(active), 0) as active_prospects,
           coalesce(sum(closed), 0) as closed_deals,
           coalesce(sum(revenue), 0) as revenue,
           coalesce(sum(total) filter (where created_month = ${current}::date), 0) as total_now,
           coalesce(sum(total) filter (where created_month = ${previous}::date), 0) as total_before,
           coalesce(sum(active) filter (where created_month = ${current}::date), 0) as active_now,
           coalesce(sum(active) filter (where created_month = ${previous}::date), 0) as active_before,
           coalesce(sum(closed) filter (where created_month = ${current}::date), 0) as closed_now,
           coalesce(sum(closed) filter (where created_month = ${previous}::date), 0) as closed_before,
           coalesce(sum(revenue) filter (where created_month = ${current}::date), 0) as revenue_now,
           coalesce(sum(revenue) filter (where created_month = ${previous}::date), 0) as revenue_before
      from figures`;
  const n = (key: string) => Number(row[key]);
  return {
    stats: {
      totalLeads: n("totalLeads"),
      activeProspects: n("activeProspects"),
      closedDeals: n("closedDeals"),
      revenue: n("revenue"),
      totalLeadsChange: percentChange(n("totalNow"), n("totalBefore")),
      activeProspectsChange: percentChange(n("activeNow"), n("activeBefore")),
      closedDealsChange: percentChange(n("closedNow"), n("closedBefore")),
      revenueChange: percentChange(n("revenueNow"), n("revenueBefore")),
    },
    thisMonth: {
      totalLeads: n("totalNow"),
      activeProspects: n("activeNow"),
      closedDeals: n("closedNow"),
      revenue: n("revenueNow"),
    },
  };
}

/** The eight figures of CONTRACT.md "Dashboard stats" (GET /api/dashboard/stats/{division}). */
export async function dashboardStats(actor: Actor, division: Division, now = new Date()) {
  return (await dashboardSummary(actor, division, now)).stats;
}

/** How many of the division's non-archived leads are in each status, from the kept counts. */
export async function leadsByStatus(actor: Actor, division: Division): Promise<Record<LeadStatus, number>> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const rows = await sql<{ status: LeadStatus; leads: string }[]>`
    select status, sum(leads) as leads
      from lead_stats_now
     where company_division = ${division} and not is_archived
     group by status`;
  const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.leads);
  return counts;
}

/**
 * The won value (CLOSED_WON estimated values) of the division's non-archived leads created in each of the
 * last six calendar months (UTC), this one last, from the kept counts: by month of creation, as the Revenue
 * card's change counts, since a lead keeps no date of being won. A month with none is 0.
 */
export async function wonValueByMonth(
  actor: Actor,
  division: Division,
  now = new Date(),
): Promise<{ month: string; value: number }[]> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const months = 6;
  const starts = Array.from({ length: months }, (_, index) => monthStart(now, index - months + 1));
  const rows = await sql<{ month: string; value: string }[]>`
    select created_month::text as month, sum(value_sum) as value
      from lead_stats_now
     where company_division = ${division} and not is_archived and status = 'CLOSED_WON'
       and created_month >= ${starts[0]}::date and created_month <= ${starts[months - 1]}::date
     group by created_month`;
  const values = new Map(rows.map((row) => [row.month, Number(row.value)]));
  return starts.map((month) => ({ month, value: values.get(month) ?? 0 }));
}
