import type { Actor } from "~/models/actor.server";
import { setLeadsArchived } from "~/models/lead.server";
import { readForm } from "~/http/form.server";
import { invalidInput } from "~/utils/errors";
import { recordId } from "~/utils/ids";
import { attempt, requireFormId } from "~/http/page-action.server";
import { successToast, type ToastAction } from "~/utils/toast";
import { addLeadIntent, restoreDuplicateIntent } from "./add-lead.server";
import { savedViewIntent } from "./saved-view-actions.server";
import { LEADS_PAGE_SIZE, leadsView } from "./leads-view";

/**
 * The Lead Management page's own forms, one intent each: Add New Lead (and its duplicate step), archive and
 * restore, one lead or the selected ones, and the saved views' forms (saved-view-actions.server.ts). The lead detail's forms post to the detail route instead
 * (lead-detail.server.ts).
 */
export async function leadsPageAction(actor: Actor, request: Request) {
  const formData = await readForm(request);
  const url = new URL(request.url);
  const listHref = leadsView.href(leadsView.read(url.searchParams));
  const viewAnswer = await savedViewIntent(actor, formData, url);
  if (viewAnswer) return viewAnswer;
  const archive = (archived: boolean, ids: () => string[], description?: string) =>
    attempt(
      async () => {
        const changed = ids();
        await setLeadsArchived(actor, changed, archived);
        return changed;
      },
      {
        to: listHref,
        success: (changed) =>
          archived
            ? successToast("Lead archived successfully", description, undoArchive(listHref, changed))
            : successToast("Lead restored successfully", description),
        failure: archived ? "Failed to archive lead" : "Failed to restore lead",
      },
    );
  const posted = formData.getAll("ids");
  // Every posted id must be a lead the user may change (a malformed one is not found), and a bulk action needs
  // at least one: its confirmation asks for a selection first.
  const selected = () => {
    if (!posted.length) throw invalidInput({ ids: ["Select at least one lead first"] });
    return posted.map(recordId);
  };
  const one = () => [requireFormId(formData, "leadId")];

  switch (formData.get("intent")) {
    case "create":
      return addLeadIntent(actor, formData, listHref);
    case "restore-duplicate":
      return restoreDuplicateIntent(actor, formData, listHref);
    case "archive":
      return archive(true, one);
    case "restore":
      return archive(false, one);
    case "bulk-archive":
      return archive(true, selected, countText(posted.length, "archived"));
    case "bulk-restore":
      return archive(false, selected, countText(posted.length, "restored"));
    default:
      throw new Response("Unknown form intent", { status: 400 });
  }
}

/**
 * The archive toast's Undo: restores the same leads from the same list. Up to a page of them (what the list
 * selects), as the ids travel in the toast's cookie, which a browser drops beyond 4 KB.
 */
function undoArchive(listHref: string, ids: string[]): ToastAction | undefined {
  if (ids.length > LEADS_PAGE_SIZE) return undefined;
  return ids.length === 1
    ? { label: "Undo", action: listHref, fields: { intent: "restore", leadId: ids[0] } }
    : { label: "Undo", action: listHref, fields: { intent: "bulk-restore", ids } };
}

function countText(count: number, verb: string) {
  return `${count} lead${count === 1 ? "" : "s"} ${verb}.`;
}
