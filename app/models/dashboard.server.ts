import { db } from "~/db/db.server";
import type { Division } from "~/utils/divisions";
import { requireDivisionAccess, type Actor } from "./actor.server";
import { percentChange, type DashboardStats } from "./dashboard.schema";
import { ACTIVE_STATUSES } from "./lead";

/** The first day of `date`'s month and of the month before, in UTC, as ISO dates. */
export function monthStarts(date: Date) {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const iso = (y: number, m: number) => new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { current: iso(year, month), previous: iso(year, month - 1) };
}

/**
 * The dashboard's figures over the division's non-archived leads (CONTRACT.md "Dashboard stats"), read from
 * the kept counts (sql/00002_lead_stats.sql, with their deltas: sql/00014): a few hundred rows however many
 * leads there are. Each change compares the leads created this calendar month (UTC) with those created the
 * month before.
 */
export async function dashboardStats(
  actor: Actor,
  division: Division,
  now = new Date(),
): Promise<DashboardStats> {
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
    totalLeads: n("totalLeads"),
    activeProspects: n("activeProspects"),
    closedDeals: n("closedDeals"),
    revenue: n("revenue"),
    totalLeadsChange: percentChange(n("totalNow"), n("totalBefore")),
    activeProspectsChange: percentChange(n("activeNow"), n("activeBefore")),
    closedDealsChange: percentChange(n("closedNow"), n("closedBefore")),
    revenueChange: percentChange(n("revenueNow"), n("revenueBefore")),
  };
}
