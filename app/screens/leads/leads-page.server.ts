import type { Actor } from "~/models/actor.server";
import { leadRow } from "~/models/lead";
import { countLeadTabs, listLeadPage } from "~/models/lead.server";
import type { Division } from "~/utils/divisions";
import { pageOrLast } from "~/utils/page-or-last";
import { leadFilters, LEADS_PAGE_SIZE, type LeadsView } from "./leads-view";

/**
 * What the Lead Management page lists for a view: its page of leads (as table rows), both tabs' totals, and
 * the page shown. A page past the end (its last leads just archived, or an old link) shows the last page.
 */
export async function leadsPageList(actor: Actor, division: Division, view: LeadsView) {
  const filters = leadFilters(view);
  const archived = view.tab === "archive";
  const list = await pageOrLast(
    view.page,
    LEADS_PAGE_SIZE,
    (page) =>
      listLeadPage(
        actor,
        division,
        { ...filters, archived, sort: view.sort, direction: view.dir },
        { limit: LEADS_PAGE_SIZE, offset: (page - 1) * LEADS_PAGE_SIZE },
        { countOtherTab: true },
      ),
    (page) => page.leads,
  );
  const { leads, total, otherTabTotal, page } = list;
  // The list's own total is its tab's count, and the other tab's mostly comes with it (countOtherTab).
  const counts = await countLeadTabs(actor, division, filters, { archived, total, otherTabTotal });
  return { list: { leads: leads.map(leadRow), total }, counts, page };
}
