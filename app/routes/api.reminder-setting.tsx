import { defineApi } from "~/api/define-api.server";
import { json, operation, ref } from "~/api/operation";
import { reminderSettingSchema } from "~/models/my-day.schema";
import { getReminderSetting, setReminderSetting } from "~/models/reminder.server";

/** GET and PUT /api/reminder-setting: how the caller hears of follow-ups as they come due. */
export const api = defineApi([
  operation({
    method: "GET",
    id: "getReminderSetting",
    tag: "Notes and follow-ups",
    summary: "Your reminder setting",
    answers: { 200: json("The setting.", ref("ReminderSetting")) },
    handler: ({ actor }) => getReminderSetting(actor),
  }),
  operation({
    method: "PUT",
    id: "setReminderSetting",
    tag: "Notes and follow-ups",
    summary: "Set your reminder setting",
    description:
      "E-mails are sent only when the server has an SMTP server configured. `timeZone` (optional) sets the zone of the e-mails' times and of the digest's day.",
    body: reminderSettingSchema,
    answers: { 200: json("The setting.", ref("ReminderSetting")) },
    errors: { 400: "`Invalid input` for `mode` or `timeZone`." },
    handler: ({ actor, body }) => setReminderSetting(actor, body.mode, body.timeZone),
  }),
]);

export const { loader, action } = api;
