import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { currentDivision, isAdmin, type Actor } from "~/models/actor.server";
import { getLead } from "~/models/lead.server";
import { listLeadPage } from "~/models/lead-list.server";
import { calendarFollowUpSchema } from "~/models/note.schema";
import { createNote, listFollowUpDays, listFollowUpPage } from "~/models/note.server";
import { nullIfRefused } from "~/utils/errors";
import { readForm } from "~/http/form.server";
import { isUuid } from "~/utils/ids";
import { invalidReply, refusalReply } from "~/http/page-action.server";
import { zonedDate, zonedTimeToUtc } from "~/utils/time-zone";
import { timeZoneOf } from "~/utils/time-zone.server";
import { successToast } from "~/utils/toast";
import { redirectWithToast } from "~/http/toast.server";
import { requirePageActor } from "~/auth/current-user.server";
import {
  calendarView,
  dayStarts,
  daysRange,
  FOLLOW_UPS_PER_AGENDA_DAY,
  FOLLOW_UPS_PER_DAY,
  FOLLOW_UPS_PER_PANEL,
  monthGrid,
  PICKER_SIZE,
  weekOf,
} from "./calendar-view";

/**
 * The calendar page's data (SPEC.md "Calendar"): the month's grid in the user's zone with each day's first
 * follow-ups and count, a page of today's open follow-ups and of the selected day's, the phone's agenda (the
 * selected day's week, each day's first follow-ups and count, or the day's page), and for the Schedule Follow-up
 * dialog the lead chosen (?leadId=) or the leads matching the picker's search (without JavaScript the picker
 * searches on the server).
 */
export async function calendarLoader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const timeZone = timeZoneOf(request);
  const view = calendarView.read(new URL(request.url).searchParams);
  const now = new Date();
  const today = zonedDate(now, timeZone);
  const month = view.month || today.slice(0, 7);
  const grid = monthGrid(month);
  const days = grid.flat();
  // The selected day: the one clicked, else today when this month is shown, else the month's first.
  const selected = view.day || (today.startsWith(month) ? today : `${month}-01`);
  const page = (number: number) => ({
    limit: FOLLOW_UPS_PER_PANEL,
    offset: (number - 1) * FOLLOW_UPS_PER_PANEL,
  });
  // The week agenda reads its days as the grid does, from the calendar's index; the day agenda is the day panel.
  const week = view.agenda === "week" ? weekOf(selected) : null;
  // Mine by default for a sales user, the team's for an admin.
  const who = view.who ?? (isAdmin(actor) ? "team" : "mine");
  const mine = who === "mine" ? actor.user.id : null;
  const [cells, todayFollowUps, selectedFollowUps, weekFollowUps, chosenLead, picks] = await Promise.all([
    listFollowUpDays(actor, division, dayStarts(days, timeZone), FOLLOW_UPS_PER_DAY, mine),
    listFollowUpPage(actor, division, daysRange(today, today, timeZone), {
      openOnly: true,
      mine,
      ...page(view.tpage),
    }),
    listFollowUpPage(actor, division, daysRange(selected, selected, timeZone), { mine, ...page(view.dpage) }),
    week && listFollowUpDays(actor, division, dayStarts(week, timeZone), FOLLOW_UPS_PER_AGENDA_DAY, mine),
    isUuid(view.leadId) ? getLead(actor, view.leadId).catch(nullIfRefused) : null,
    view.schedule && view.pick
      ? listLeadPage(actor, division, { archived: false, search: view.pick }, { limit: PICKER_SIZE })
      : null,
  ]);
  return {
    division,
    timeZone,
    who,
    now: now.toISOString(),
    today,
    view,
    month,
    grid,
    cells: Object.fromEntries(days.map((day, index) => [day, cells[index]])),
    selected,
    selectedFollowUps,
    todayFollowUps,
    agenda: week
      ? week.map((day, index) => ({ day, ...weekFollowUps![index] }))
      : [{ day: selected, ...selectedFollowUps }],
    chosenLead: chosenLead && { id: chosenLead.id, name: `${chosenLead.firstName} ${chosenLead.lastName}` },
    picks: picks?.leads.map((lead) => ({
      id: lead.id,
      name: `${lead.firstName} ${lead.lastName}`,
      company: lead.company,
    })),
  };
}

/**
 * Create Follow-up: a note on the chosen lead, due on the dialog's day at the chosen time in the user's zone
 * (09:00 when blank), stored in UTC. Success goes to that day on the calendar with its toast.
 */
export async function calendarAction({ request, context }: ActionFunctionArgs) {
  const actor: Actor = await requirePageActor(request, context);
  const formData = await readForm(request);
  const view = calendarView.read(new URL(request.url).searchParams);
  if (formData.get("intent") !== "schedule" || !view.schedule) {
    throw new Response("Unknown form intent", { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: calendarFollowUpSchema });
  if (submission.status !== "success") return invalidReply("schedule", submission.reply());
  const { leadId, content, time } = submission.value;
  try {
    await createNote(actor, leadId, {
      content,
      followUpDate: zonedTimeToUtc(view.schedule, time, timeZoneOf(request)),
      noteType: "TEXT",
      voiceDuration: null,
    });
  } catch (error) {
    return refusalReply(
      "schedule",
      error,
      (options) => submission.reply(options),
      "Failed to create follow-up",
    );
  }
  return redirectWithToast(
    calendarView.href({
      ...view,
      month: view.schedule.slice(0, 7),
      day: view.schedule,
      schedule: "",
      pick: "",
      dpage: 1,
    }),
    successToast("Follow-up scheduled successfully"),
  );
}
