import { defineApi } from "~/api/define-api.server";
import { division, json, operation, ref } from "~/api/operation";
import { listBell } from "~/models/my-day.server";
import { BELL_SIZE } from "~/screens/my-day/my-day-view";

/** GET /api/reminders/{division}: the bell's list, without marking it seen (POST /api/reminders/seen does). */
export const api = defineApi([
  operation({
    method: "GET",
    id: "listReminders",
    tag: "Notes and follow-ups",
    summary: "The bell: follow-ups come due",
    description: `Your open follow-ups in the division that came due since you last marked the bell seen, soonest first (at most ${BELL_SIZE}).`,
    params: { division: division() },
    answers: { 200: json("The follow-ups come due.", ref("Bell")) },
    handler: async ({ actor, params }) => {
      const { followUps, total } = await listBell(actor, params.division, BELL_SIZE);
      return { followUps, total };
    },
  }),
]);

export const { loader, action } = api;
