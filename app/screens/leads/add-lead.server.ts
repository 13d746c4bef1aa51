import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { currentDivision, type Actor } from "~/models/actor.server";
import { leadFormSchema } from "~/models/lead.schema";
import type { Lead } from "~/models/lead";
import { createLead, findDuplicateLeads, restoreLead } from "~/models/lead.server";
import { isDivision } from "~/utils/divisions";
import { isUuid } from "~/utils/ids";
import { describeError } from "~/utils/log-line";
import { failureToast, refusalReply, requireFormId } from "~/http/page-action.server";
import { successToast } from "~/utils/toast";
import { redirectWithToast } from "~/http/toast.server";
import { leadDetailHref } from "./leads-view";

/**
 * The Add New Lead dialog's submission, for whichever page opened it (Lead Management, the dashboard):
 * invalid input goes back to the fields; possible duplicates come back as the dialog's second step
 * (SPEC.md "Duplicate flow"); a created lead redirects to `successTo` with its toast.
 */
export async function addLeadIntent(actor: Actor, formData: FormData, successTo: string) {
  const submission = parseWithZod(formData, { schema: leadFormSchema });
  if (submission.status !== "success") {
    return data(
      { intent: "create" as const, result: submission.reply(), duplicates: [] as Lead[] },
      { status: 400 },
    );
  }
  // Cancel on the duplicate step: back to the form as it was filled in.
  if (formData.get("back") === "1")
    return { intent: "create" as const, result: submission.reply(), duplicates: [] };
  const posted = formData.get("companyDivision");
  const division = isDivision(posted) ? posted : currentDivision(actor.user);
  if (formData.get("skipDuplicateCheck") !== "1") {
    // The duplicate check is advisory: if it fails, creation goes ahead (SPEC.md "Duplicate flow").
    const duplicates = await findDuplicateLeads(actor, division, submission.value).catch((error) => {
      console.warn(`Duplicate check failed; creating the lead anyway: ${describeError(error)}`);
      return [] as Lead[];
    });
    if (duplicates.length) return { intent: "create" as const, result: submission.reply(), duplicates };
  }
  // Create Contact & Add Lead: the new lead's main contact is the contact just saved.
  const mainContactId = isUuid(formData.get("mainContactId"))
    ? String(formData.get("mainContactId"))
    : undefined;
  try {
    await createLead(actor, division, submission.value, { mainContactId });
  } catch (error) {
    // A refusal (an assignee or contact that no longer fits) keeps the dialog open with what was typed.
    return refusalReply("create", error, (options) => submission.reply(options), "Failed to create lead", {
      duplicates: [] as Lead[],
    });
  }
  return redirectWithToast(successTo, successToast("Lead created successfully"));
}

/** Restore on the duplicate step: the archived match comes back and opens, instead of a new lead. */
export async function restoreDuplicateIntent(actor: Actor, formData: FormData, failureTo: string) {
  let restored: Lead;
  try {
    restored = await restoreLead(actor, requireFormId(formData, "leadId"));
  } catch (error) {
    return redirectWithToast(failureTo, failureToast(error, "Failed to restore lead"));
  }
  return redirectWithToast(
    leadDetailHref({ q: restored.company }, restored.id),
    successToast("Lead restored successfully"),
  );
}
