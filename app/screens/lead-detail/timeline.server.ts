import { parseWithZod } from "@conform-to/zod/v4";
import { listTimeline, logActivity } from "~/models/timeline.server";
import { activityInputSchema } from "~/models/timeline.schema";
import type { Actor } from "~/models/actor.server";
import { attempt, invalidReply } from "~/http/page-action.server";
import { isRefusal } from "~/utils/errors";
import { decodeCursor, encodeCursor } from "~/utils/page-cursor";
import { successToast } from "~/utils/toast";
import { timelineState, withTimeline } from "./timeline-view";

/** Entries the lead detail shows a page. */
const TIMELINE_PAGE = 20;

/**
 * The page of the lead's timeline that the detail's address names (screens/lead-detail/timeline-view.ts). An
 * `older` cursor that is not one (edited, or of another kind's walk) shows the newest page instead.
 */
export async function loadTimeline(actor: Actor, leadId: string, search: string) {
  const { kind, older } = timelineState(search);
  const read = (cursor: ReturnType<typeof decodeCursor>) =>
    listTimeline(actor, leadId, kind ?? undefined, { limit: TIMELINE_PAGE, cursor: cursor ?? undefined });
  const cursor = older ? decodeCursor(older) : null;
  const page = await read(cursor).catch((error: unknown) => {
    if (cursor && isRefusal(error) && error.kind === "bad-request") return read(null);
    throw error;
  });
  return { kind, entries: page.entries, older: page.next ? encodeCursor(page.next) : null };
}

/**
 * The detail's "Log call" / "Log e-mail" form: the call or e-mail stored, then back to the dialog on the
 * timeline's newest page (where it shows) with the form closed.
 */
export async function logActivityAction(actor: Actor, leadId: string, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: activityInputSchema });
  if (submission.status !== "success") return invalidReply("log-activity", submission.reply());
  const [path, query = ""] = back.split("?");
  const to = path + withTimeline(query ? `?${query}` : "", { log: null, older: null });
  const call = submission.value.kind === "CALL";
  return attempt(() => logActivity(actor, leadId, submission.value), {
    to,
    success: successToast(call ? "Call logged" : "E-mail logged"),
    failure: call ? "Failed to log call" : "Failed to log e-mail",
  });
}
