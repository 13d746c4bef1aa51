import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { currentDivision } from "~/models/actor.server";
import { fieldNoteSchema } from "~/models/note.schema";
import { createNote } from "~/models/note.server";
import { listLeadPage } from "~/models/lead-list.server";
import { readForm } from "~/http/form.server";
import { isUuid } from "~/utils/ids";
import { invalidReply, refusalReply } from "~/http/page-action.server";
import { successToast } from "~/utils/toast";
import { redirectWithToast } from "~/http/toast.server";
import { requirePageActor } from "~/auth/current-user.server";
import { MOBILE_LEADS, mobileView, OFFLINE_COPY } from "./field-notes-view";

/**
 * /mobile (SPEC.md "Mobile notes"): the division's leads, newest update first, narrowed by the search; and
 * whether the division has any at all ('No leads available' against 'No leads found').
 * `/mobile?offline` is the copy of the page the service worker keeps for opening it without a connection
 * (public/mobile-sw.js): no leads, nothing of the division's records, and no user (it is kept after signing
 * out): the page learns whose waiting notes to show from the page online (use-waiting-notes.ts).
 */
export async function mobileLoader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const url = new URL(request.url);
  const view = mobileView.read(url.searchParams);
  if (url.searchParams.has(OFFLINE_COPY)) {
    return {
      userId: null,
      division,
      offline: true,
      view: mobileView.read(new URLSearchParams()),
      leads: [],
      anyLeads: false,
      chosen: "",
    };
  }
  const [list, all] = await Promise.all([
    listLeadPage(actor, division, { archived: false, search: view.q }, { limit: MOBILE_LEADS }),
    view.q ? listLeadPage(actor, division, { archived: false }, { limit: 1 }) : null,
  ]);
  return {
    userId: actor.user.id,
    division,
    offline: false,
    view,
    leads: list.leads.map((lead) => ({
      id: lead.id,
      name: `${lead.firstName} ${lead.lastName}`,
      company: lead.company,
    })),
    anyLeads: (all ?? list).total > 0,
    chosen: isUuid(view.lead) ? view.lead : "",
  };
}

/** Save Note without JavaScript: a text note on the chosen lead. (The recorder needs JavaScript.) */
export async function mobileAction({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: fieldNoteSchema });
  if (submission.status !== "success") return invalidReply("save-note", submission.reply());
  const { leadId, content } = submission.value;
  try {
    await createNote(actor, leadId, { content, followUpDate: null, noteType: "TEXT", voiceDuration: null });
  } catch (error) {
    return refusalReply("save-note", error, (options) => submission.reply(options), "Failed to save note");
  }
  const view = mobileView.read(new URL(request.url).searchParams);
  return redirectWithToast(
    mobileView.href({ ...view, lead: leadId }),
    successToast("Note saved successfully"),
  );
}
