import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePageActor } from "~/auth/current-user.server";
import { readForm } from "~/http/form.server";
import { attempt } from "~/http/page-action.server";
import { currentDivision } from "~/models/actor.server";
import { myDayBounds } from "~/models/my-day";
import { listBell, listMyDay, markBellSeen } from "~/models/my-day.server";
import { rescheduleFormSchema } from "~/models/note.schema";
import { rescheduleFollowUp } from "~/models/note.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { zonedTimeToUtc } from "~/utils/time-zone";
import { timeZoneOf } from "~/utils/time-zone.server";
import { errorToast, successToast } from "~/utils/toast";
import { BELL_SIZE, MY_DAY_PER_GROUP } from "./my-day-view";

/**
 * /my-day (docs/decisions/028-my-day-and-reminders.md): the signed-in user's overdue, today's and next
 * seven days' open follow-ups.
 */
export async function myDayLoader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const timeZone = timeZoneOf(request);
  return {
    division,
    timeZone,
    today: myDayBounds(timeZone).todayStarts.toISOString(),
    day: await listMyDay(actor, division, myDayBounds(timeZone), MY_DAY_PER_GROUP),
  };
}

/**
 * Reschedule, from My Day or its panel on the dashboard: the follow-up moves to the day and time chosen on the
 * user's clock, and the page comes back (`redirectTo`). Mark Complete is the lead's own intent.
 */
export async function myDayAction({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const formData = await readForm(request);
  const back = safeRedirect(formData.get("redirectTo"), "/my-day");
  if (formData.get("intent") !== "reschedule") throw new Response("Unknown form intent", { status: 400 });
  const parsed = rescheduleFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    // Shown at the follow-up's form (the browser's own checks stop most of these first).
    const message = parsed.error.issues[0]?.message ?? "Choose a date and time";
    return data(
      { noteId: String(formData.get("noteId") ?? ""), message, toast: errorToast(message) },
      { status: 400 },
    );
  }
  const { noteId, date, time } = parsed.data;
  return attempt(() => rescheduleFollowUp(actor, noteId, zonedTimeToUtc(date, time, timeZoneOf(request))), {
    to: back,
    success: successToast("Follow-up rescheduled"),
    failure: "Failed to update follow-up",
  });
}

/**
 * /reminders, the bell's list: the division's follow-ups that came due since the user last opened it there.
 * Opening it is looking: what it shows is no longer new (the bell's count goes to zero); the other division's
 * bell keeps its own.
 */
export async function remindersLoader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const bell = await listBell(actor, division, BELL_SIZE);
  await markBellSeen(actor, [division], bell.lookedAt);
  return { division, timeZone: timeZoneOf(request), ...bell };
}
