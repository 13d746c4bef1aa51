import type { Actor } from "~/models/actor.server";
import { LEAD_ROW_FIELDS, type Lead, type LeadRow } from "~/models/lead.schema";
import { countLeadTabs, listLeadPage } from "~/models/lead.server";
import type { Division } from "~/utils/divisions";
import { leadFilters, LEADS_PAGE_SIZE, type LeadsView } from "./leads-view";

/** What the Lead Management page lists for a view: its page of leads (as table rows) and both tabs' totals. */
export async function leadsPageList(actor: Actor, division: Division, view: LeadsView) {
  const filters = leadFilters(view);
  const archived = view.tab === "archive";
  const { leads, total, otherTabTotal } = await listLeadPage(
    actor,
    division,
    { ...filters, archived, sort: view.sort, direction: view.dir },
    { limit: LEADS_PAGE_SIZE, offset: (view.page - 1) * LEADS_PAGE_SIZE },
    { countOtherTab: true },
  );
  // The list's own total is its tab's count, and the other tab's mostly comes with it (countOtherTab).
  const counts = await countLeadTabs(actor, division, filters, { archived, total, otherTabTotal });
  return { list: { leads: leads.map(tableRow), total }, counts };
}

function tableRow(lead: Lead): LeadRow {
  // A loop, not Object.fromEntries over pairs: this runs for every row of every /leads page.
  const row: Record<string, unknown> = {};
  for (const field of LEAD_ROW_FIELDS) row[field] = lead[field];
  return row as LeadRow;
}
