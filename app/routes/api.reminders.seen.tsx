import { defineApi } from "~/api/define-api.server";
import { json, operation } from "~/api/operation";
import { userDivisions } from "~/models/actor.server";
import { markBellSeen } from "~/models/my-day.server";

/** POST /api/reminders/seen: what has come due by now is no longer new in the bell. */
export const api = defineApi([
  operation({
    method: "POST",
    id: "markRemindersSeen",
    tag: "Notes and follow-ups",
    summary: "Mark the bell seen",
    description: "What has come due by now no longer counts as new, in every division.",
    answers: {
      200: json("When the bell was marked seen.", {
        type: "object",
        properties: { seenAt: { type: "string", format: "date-time" } },
        required: ["seenAt"],
      }),
    },
    handler: ({ actor }) => markBellSeen(actor, userDivisions(actor.user)),
  }),
]);

export const { loader, action } = api;
