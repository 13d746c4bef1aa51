import { redirect } from "@remix-run/node";
import { currentDivision, type Actor } from "~/models/actor.server";
import { getLead } from "~/models/lead.server";
import { selectDivision } from "~/models/user.server";
import { nullIfRefused } from "~/utils/errors";
import { isUuid } from "~/utils/ids";
import { errorToast } from "~/utils/toast";
import { redirectWithToast } from "~/http/toast.server";
import { leadDetailHref } from "./leads-view";

/**
 * /leads?leadId={id} (SPEC.md: the calendar, contacts and the dashboard link leads this way): the lead's
 * detail over its list — the active one, else the archive — searched to its company, in the lead's
 * division. `edit=true` puts the cursor in the update form. An unknown or foreign id: back to /leads with
 * 'Could not open lead details.' (the calendar opens its leads as /calendar/lead/{id}, whose 'Lead not found'
 * lead-detail.server.ts says).
 */
export async function openLeadRedirect(actor: Actor, leadId: string, { edit }: { edit: boolean }) {
  const lead = isUuid(leadId) ? await getLead(actor, leadId).catch(nullIfRefused) : null;
  if (!lead) return redirectWithToast("/leads", errorToast("Could not open lead details."));
  if (lead.companyDivision !== currentDivision(actor.user)) {
    await selectDivision(actor.user, lead.companyDivision);
  }
  const tab = lead.isArchived ? "archive" : "active";
  return redirect(leadDetailHref({ tab, q: lead.company }, lead.id, { edit }));
}
