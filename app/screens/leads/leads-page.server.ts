import { leadRow, type Lead } from "~/models/lead";
import { getLead } from "~/models/lead.server";
import { countLeadTabs, listLeadPage } from "~/models/lead-list.server";
import type { Division } from "~/utils/divisions";
import { pageOrLast } from "~/utils/page-or-last";
import { leadFilters, LEADS_PAGE_SIZE, leadsView, type LeadsDialogs, type LeadsView } from "./leads-view";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { LEAD_ROWS } from "./lead-table";
import { requirePageActor } from "~/auth/current-user.server";
import { leadsPageAction } from "./leads-actions.server";
import { openLeadRedirect } from "./open-lead.server";
import { openedSavedView } from "./saved-view-actions.server";
import { currentDivision, type Actor } from "~/models/actor.server";
import { listAssignableUsers } from "~/models/user.server";
import { documentOnly } from "~/utils/document-data";
import { nullIfRefused } from "~/utils/errors";
import { isUuid } from "~/utils/ids";
import { COUNT_CAP } from "~/utils/format";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const params = new URL(request.url).searchParams;
  const dialogs = leadsView.dialogs(params);
  if (dialogs.leadId !== null) {
    throw await openLeadRedirect(actor, dialogs.leadId, { edit: dialogs.edit !== null });
  }

  const requested = leadsView.read(params);
  const { confirm, target } = dialogs;
  const addOpen = dialogs.new !== null;
  const [{ list, counts, page }, targetLead, users, savedView] = await Promise.all([
    leadsPageList(actor, division, requested),
    (confirm === "archive" || confirm === "restore") && target
      ? getLead(actor, target).catch(nullIfRefused)
      : null,
    // The owner filter's choices, and Add New Lead's.
    listAssignableUsers(actor, division),
    openedSavedView(actor, dialogs.savedView),
  ]);
  // Ticked rows win; "select all" alone (without JavaScript) means every row of this page as shown.
  const ticked = params.getAll("ids").filter(isUuid);
  const selected = ticked.length || params.get("all") !== "1" ? ticked : list.leads.map((lead) => lead.id);
  return {
    division,
    view: { ...requested, page },
    leadIds: list.leads.map((lead) => lead.id),
    // A document's rows are in its HTML only (docs/decisions/015-rows-travel-once.md).
    leads: documentOnly(context, LEAD_ROWS, list.leads),
    total: list.total,
    counts,
    addOpen,
    assignableUsers: users,
    savedView: savedView && { view: savedView, mine: savedView.owner.id === actor.user.id },
    confirm: confirmation(confirm, targetLead, selected),
  };
}

type Confirmation =
  { kind: "archive" | "restore"; lead: Lead } | { kind: "bulk-archive" | "bulk-restore"; ids: string[] };

function confirmation(kind: LeadsDialogs["confirm"], lead: Lead | null, ids: string[]): Confirmation | null {
  if (lead && (kind === "archive" || kind === "restore")) return { kind, lead };
  if (kind === "bulk-archive" || kind === "bulk-restore") return { kind, ids };
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return leadsPageAction(await requirePageActor(request, context), request);
}

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
        { countOtherTab: true, countUpTo: COUNT_CAP },
      ),
    (page) => page.leads,
  );
  const { leads, total, otherTabTotal, page } = list;
  // The list's own total is its tab's count, and the other tab's mostly comes with it (countOtherTab).
  const counts = await countLeadTabs(
    actor,
    division,
    filters,
    { archived, total, otherTabTotal },
    { countUpTo: COUNT_CAP },
  );
  return { list: { leads: leads.map(leadRow), total }, counts, page };
}
