import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listAssignableUsers } from "~/models/user.server";
import { STATUS_LABELS } from "~/models/lead";
import {
  leadFieldFormSchemas,
  leadUpdateFormSchema,
  setStatusFormSchema,
  type LeadUpdate,
} from "~/models/lead.schema";
import { changeLead, getLeadDetail, updateLead } from "~/models/lead.server";
import { DEFAULT_FOLLOW_UP_TIME } from "~/models/note";
import { noteFormSchema, quickFollowUpSchema } from "~/models/note.schema";
import { completeFollowUp, createNote } from "~/models/note.server";
import { readForm } from "~/http/form.server";
import { isRefusal, nullIfRefused } from "~/utils/errors";
import { isUuid, recordId } from "~/utils/ids";
import { parentHref } from "~/utils/list-state";
import { attempt, failureToast, invalidReply, refusalReply, requireFormId } from "~/http/page-action.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { zonedTimeToUtc } from "~/utils/time-zone";
import { timeZoneOf } from "~/utils/time-zone.server";
import { errorToast, followUpLeadNotFoundToast, successToast } from "~/utils/toast";
import { redirectWithToast } from "~/http/toast.server";
import { requirePageActor } from "~/auth/current-user.server";
import { leadsView } from "../leads/leads-view";
import { isDetailField } from "./lead-detail-view";
import { loadTimeline, logActivityAction } from "./timeline.server";

/**
 * The lead detail dialog as a child route (docs/decisions/002-screens.md): /leads/{id} over the lead list,
 * and the same loader, action and dialog wherever another page opens a lead in place. Its address is the
 * parent's plus the lead id (/leads/{id}, /dashboard/{type}/{id}) or `{page}/lead/{id}` over any other page
 * (/calendar/lead/{id}); the parent's address (with its query) is where the dialog closes to.
 */

export async function leadDetailLoader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const url = new URL(request.url);
  const detail = isUuid(params.leadId)
    ? await getLeadDetail(actor, params.leadId).catch(nullIfRefused)
    : null;
  if (!detail) {
    const page = parentHref(url.pathname, url.search);
    throw await redirectWithToast(
      page,
      page.startsWith("/calendar") ? followUpLeadNotFoundToast : errorToast("Could not open lead details."),
    );
  }
  const [assignableUsers, timeline] = await Promise.all([
    listAssignableUsers(actor, detail.companyDivision),
    loadTimeline(actor, detail.id, url.search),
  ]);
  return { detail, assignableUsers, timeline, edit: leadsView.dialogs(url.searchParams).edit !== null };
}

/**
 * The form's follow-up date is a day on the reader's calendar: its follow-up is at the time chosen (09:00 when
 * none) on their clock, the day the calendar shows it on (to the API, a date alone means 09:00 UTC;
 * models/note.schema.ts).
 */
function onReadersClock(
  posted: FormDataEntryValue | null,
  parsed: Date | null | undefined,
  request: Request,
  time = DEFAULT_FOLLOW_UP_TIME,
) {
  const day = typeof posted === "string" ? posted.trim() : "";
  return parsed && /^\d{4}-\d{2}-\d{2}$/.test(day) ? zonedTimeToUtc(day, time, timeZoneOf(request)) : parsed;
}

/** SPEC.md's 'Failed to update lead', or for a stale version CONTRACT.md's conflict message. */
function updateFailure(error: unknown) {
  return failureToast(
    error,
    isRefusal(error) && error.kind === "conflict" ? errorToast(error.message) : "Failed to update lead",
  );
}

/**
 * The lead-level intents — update, a status from the stage bar, one part edited in place, add a note, a quick
 * follow-up, Mark Complete, a call or e-mail logged — in one place that any page can post to (the calendar's Mark Complete posts here
 * with `redirectTo`). Success redirects with its toast to `redirectTo` or back to the dialog; invalid input
 * comes back to the form's fields.
 */
export async function leadDetailAction({ request, context, params }: ActionFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const formData = await readForm(request);
  const url = new URL(request.url);
  const back = safeRedirect(formData.get("redirectTo"), url.pathname + url.search);
  const leadId = () => recordId(params.leadId);

  switch (formData.get("intent")) {
    case "update": {
      const submission = parseWithZod(formData, { schema: leadUpdateFormSchema });
      if (submission.status !== "success") return invalidReply("update", submission.reply());
      const { phone, position, notes, estimatedValue, assignedToId, ...rest } = submission.value;
      try {
        // Every field is on the form, so a blank optional field clears it.
        await updateLead(actor, leadId(), {
          ...rest,
          phone: phone ?? null,
          position: position ?? null,
          notes: notes ?? null,
          estimatedValue: estimatedValue ?? null,
          assignedToId: assignedToId ?? null,
        });
      } catch (error) {
        return refusalReply("update", error, (options) => submission.reply(options), "Failed to update lead");
      }
      return redirectWithToast(back, successToast("Lead updated successfully"));
    }
    case "set-status": {
      // One click of the stage bar: a stale click (or Undo) is refused and the dialog shows the lead as it is.
      const submission = parseWithZod(formData, { schema: setStatusFormSchema });
      if (submission.status !== "success")
        return redirectWithToast(back, errorToast("Failed to update lead"));
      const { status } = submission.value;
      let changed;
      try {
        changed = await changeLead(actor, leadId(), submission.value);
      } catch (error) {
        return redirectWithToast(back, updateFailure(error));
      }
      const { lead, previousStatus } = changed;
      if (previousStatus === status)
        return redirectWithToast(back, successToast("Lead updated successfully"));
      return redirectWithToast(
        back,
        successToast(
          "Lead updated successfully",
          `Status changed from ${STATUS_LABELS[previousStatus]} to ${STATUS_LABELS[status]}`,
          {
            label: "Undo",
            action: url.pathname + url.search,
            fields: { intent: "set-status", status: previousStatus, version: String(lead.version) },
          },
        ),
      );
    }
    case "update-field": {
      const field = formData.get("field");
      if (!isDetailField(field)) throw new Response("Unknown field", { status: 400 });
      const submission = parseWithZod(formData, { schema: leadFieldFormSchemas[field] });
      if (submission.status !== "success") return invalidReply("update-field", submission.reply());
      // Every optional field of the part is on its form, so a blank one clears it, as on the whole form.
      const value: LeadUpdate = submission.value;
      const update: LeadUpdate =
        field === "value"
          ? { ...value, estimatedValue: value.estimatedValue ?? null }
          : field === "owner"
            ? { ...value, assignedToId: value.assignedToId ?? null }
            : { ...value, phone: value.phone ?? null };
      try {
        await updateLead(actor, leadId(), update);
      } catch (error) {
        return refusalReply(
          "update-field",
          error,
          (options) => submission.reply(options),
          "Failed to update lead",
        );
      }
      return redirectWithToast(back, successToast("Lead updated successfully"));
    }
    case "add-note":
    case "quick-follow-up": {
      const intent = formData.get("intent") as "add-note" | "quick-follow-up";
      const schema = intent === "add-note" ? noteFormSchema : quickFollowUpSchema;
      const submission = parseWithZod(formData, { schema });
      if (submission.status !== "success") return invalidReply(intent, submission.reply());
      const { content } = submission.value;
      const followUpDate = onReadersClock(
        formData.get("followUpDate"),
        submission.value.followUpDate,
        request,
        "followUpTime" in submission.value ? (submission.value.followUpTime as string) : undefined,
      );
      return attempt(
        () => createNote(actor, leadId(), { content, followUpDate, noteType: "TEXT", voiceDuration: null }),
        intent === "add-note"
          ? { to: back, success: successToast("Note added successfully"), failure: "Failed to add note" }
          : {
              to: back,
              success: successToast("Follow-up scheduled successfully"),
              failure: "Failed to create follow-up",
            },
      );
    }
    case "complete-follow-up":
      return attempt(() => completeFollowUp(actor, requireFormId(formData, "noteId")), {
        to: back,
        success: successToast("Follow-up marked as complete"),
        failure: "Failed to update follow-up",
      });
    case "log-activity":
      return logActivityAction(actor, leadId(), formData, back);
    default:
      throw new Response("Unknown form intent", { status: 400 });
  }
}
