import { redirect } from "@remix-run/node";
import { currentDivision, type Actor } from "~/models/actor.server";
import { getLead } from "~/models/lead.server";
import { selectDivision } from "~/models/user.server";
import { nullIfRefused } from "~/utils/errors";
import { isUuid } from "~/utils/ids";
import { errorToast, followUpLeadNotFoundToast } from "~/utils/toast";
import { redirectWithToast } from "~/http/toast.server";
import { leadDetailHref } from "./leads-view";

/**
 * /leads?leadId={id} (SPEC.md: the calendar, contacts and the dashboard link leads this way): the lead's
 * detail over its list — the active one, else the archive — searched to its company, in the lead's
 * division. `edit=true` puts the cursor in the update form. An unknown or foreign id: back to /leads with
 * 'Could not open lead details.', or, from the calendar, back there with 'Lead not found' (SPEC.md section 8).
 */
export async function openLeadRedirect(
  actor: Actor,
  leadId: string,
  { edit, from }: { edit: boolean; from: "calendar" | null },
) {
  const lead = isUuid(leadId) ? await getLead(actor, leadId).catch(nullIfRefused) : null;
  if (!lead && from === "calendar") {
    return redirectWithToast("/calendar", followUpLeadNotFoundToast);
  }
  if (!lead) return redirectWithToast("/leads", errorToast("Could not open lead details."));
  if (lead.companyDivision !== currentDivision(actor.user)) {
    await selectDivision(actor.user, lead.companyDivision);
  }
  const tab = lead.isArchived ? "archive" : "active";
  return redirect(leadDetailHref({ tab, q: lead.company }, lead.id, { edit }));
}
