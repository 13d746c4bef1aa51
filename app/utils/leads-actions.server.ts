import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import {
  createLead,
  findDuplicateLeads,
  getLead,
  setLeadsArchived,
  updateLead,
  type Lead,
} from "~/models/lead.server";
import { leadFormSchema, leadUpdateFormSchema } from "~/models/lead.schema";
import { completeFollowUp, createNote } from "~/models/note.server";
import { createNoteSchema, quickFollowUpSchema } from "~/models/note.schema";
import { currentDivision, type Actor } from "~/models/user.server";
import { ApiError, isUuid, requireId } from "./api.server";
import { isDivision } from "./divisions";
import { leadsHref, readLeadsView } from "./leads-url";
import { readForm } from "./form.server";
import { redirectWithToast } from "./toast.server";
import type { ToastInput } from "./toast";

const failure = (description: string): ToastInput => ({ type: "error", title: "Error", description });
const success = (title: string): ToastInput => ({ type: "success", title });

/**
 * The Lead Management page's forms, one intent each. Successes redirect with a toast (so a reload never
 * repeats them); invalid input comes back to the form; refused changes redirect with the failure toast.
 */
export async function handleLeadsAction(actor: Actor, request: Request) {
  const formData = await readForm(request);
  const url = new URL(request.url);
  const view = readLeadsView(url.searchParams);
  const here = url.pathname + url.search;
  const listHref = leadsHref(view);
  const ids = formData.getAll("ids").map(String).filter(isUuid);
  // A malformed id is simply not found (a failure toast), never a database error.
  const leadId = () => requireId(String(formData.get("leadId") ?? ""));

  switch (formData.get("intent")) {
    case "create":
      return createIntent(actor, formData, listHref);
    case "update":
      return updateIntent(actor, formData, here);
    case "add-note":
      return noteIntent(
        actor,
        formData,
        here,
        createNoteSchema,
        "Note added successfully",
        "Failed to add note",
      );
    case "quick-follow-up":
      return noteIntent(
        actor,
        formData,
        here,
        quickFollowUpSchema,
        "Follow-up scheduled successfully",
        "Failed to create follow-up",
      );
    case "complete-follow-up":
      return attempt(
        () => completeFollowUp(actor, requireId(String(formData.get("noteId") ?? ""))),
        here,
        success("Follow-up marked as complete"),
        failure("Failed to update follow-up"),
      );
    case "archive":
      return attempt(
        () => setLeadsArchived(actor, [leadId()], true),
        listHref,
        success("Lead archived successfully"),
        failure("Failed to archive lead"),
      );
    case "restore":
      return attempt(
        () => setLeadsArchived(actor, [leadId()], false),
        listHref,
        success("Lead restored successfully"),
        failure("Failed to restore lead"),
      );
    case "bulk-archive":
      return attempt(
        () => setLeadsArchived(actor, ids, true),
        listHref,
        { ...success("Lead archived successfully"), description: countText(ids.length, "archived") },
        failure("Failed to archive lead"),
      );
    case "bulk-restore":
      return attempt(
        () => setLeadsArchived(actor, ids, false),
        listHref,
        { ...success("Lead restored successfully"), description: countText(ids.length, "restored") },
        failure("Failed to restore lead"),
      );
    case "restore-duplicate": {
      // Restoring a match from the duplicate dialog opens the restored lead instead of creating a new one.
      let restored: Lead;
      try {
        const id = leadId();
        await setLeadsArchived(actor, [id], false);
        restored = await getLead(actor, id);
      } catch (error) {
        refusal(error);
        return redirectWithToast(listHref, failure("Failed to restore lead"));
      }
      return redirectWithToast(
        leadsHref({ q: restored.company }, { open: restored.id }),
        success("Lead restored successfully"),
      );
    }
    default:
      throw new Response("Unknown form intent", { status: 400 });
  }
}

function countText(count: number, verb: string) {
  return `${count} lead${count === 1 ? "" : "s"} ${verb}.`;
}

/** Only refusals (4xx) become failure toasts; anything else is a bug and goes to the error boundary. */
function refusal(error: unknown): void {
  if (!(error instanceof ApiError)) throw error;
}

async function attempt(run: () => Promise<unknown>, to: string, ok: ToastInput, failed: ToastInput) {
  try {
    await run();
  } catch (error) {
    refusal(error);
    return redirectWithToast(to, failed);
  }
  return redirectWithToast(to, ok);
}

async function createIntent(actor: Actor, formData: FormData, listHref: string) {
  const submission = parseWithZod(formData, { schema: leadFormSchema });
  if (submission.status !== "success") {
    return data(
      { intent: "create" as const, result: submission.reply(), duplicates: [] as Lead[] },
      { status: 400 },
    );
  }
  const posted = formData.get("companyDivision");
  const division = isDivision(posted) ? posted : currentDivision(actor.user);
  if (formData.get("skipDuplicateCheck") !== "1") {
    // The duplicate check is advisory: if it fails, creation goes ahead (SPEC.md "Duplicate flow").
    const duplicates = await findDuplicateLeads(actor, division, submission.value).catch((error) => {
      console.warn("Duplicate check failed; creating the lead anyway", error);
      return [] as Lead[];
    });
    if (duplicates.length) return { intent: "create" as const, result: submission.reply(), duplicates };
  }
  return attempt(
    () => createLead(actor, division, submission.value),
    listHref,
    success("Lead created successfully"),
    failure("Failed to create lead"),
  );
}

async function updateIntent(actor: Actor, formData: FormData, here: string) {
  const submission = parseWithZod(formData, { schema: leadUpdateFormSchema });
  if (submission.status !== "success") {
    return data({ intent: "update" as const, result: submission.reply() }, { status: 400 });
  }
  const { phone, position, notes, estimatedValue, assignedToId, ...rest } = submission.value;
  try {
    // Every field is on the form, so a blank optional field clears it.
    await updateLead(actor, requireId(String(formData.get("leadId") ?? "")), {
      ...rest,
      phone: phone ?? null,
      position: position ?? null,
      notes: notes ?? null,
      estimatedValue: estimatedValue ?? null,
      assignedToId: assignedToId ?? null,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const reply = error.errors
      ? submission.reply({ fieldErrors: error.errors })
      : submission.reply({ formErrors: [error.status === 409 ? error.message : "Failed to update lead"] });
    return data(
      { intent: "update" as const, result: reply, toast: failure("Failed to update lead") },
      { status: error.status },
    );
  }
  return redirectWithToast(here, success("Lead updated successfully"));
}

async function noteIntent(
  actor: Actor,
  formData: FormData,
  here: string,
  schema: typeof createNoteSchema | typeof quickFollowUpSchema,
  ok: string,
  failed: string,
) {
  const intent = formData.get("intent") as "add-note" | "quick-follow-up";
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const { content, followUpDate } = submission.value;
  return attempt(
    () =>
      createNote(actor, requireId(String(formData.get("leadId") ?? "")), {
        content,
        followUpDate: followUpDate ?? null,
        noteType: "TEXT",
        voiceDuration: null,
      }),
    here,
    success(ok),
    failure(failed),
  );
}
