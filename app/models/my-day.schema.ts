import * as z from "zod";
import { canonicalTimeZone } from "~/utils/time-zone";
import { REMINDER_MODES } from "./my-day";

const TIME_ZONE_MESSAGE = "Must be an IANA time zone such as Europe/London";
const timeZone = z.string({ error: TIME_ZONE_MESSAGE }).transform((value, context) => {
  const zone = canonicalTimeZone(value);
  if (!zone) context.addIssue({ code: "custom", message: TIME_ZONE_MESSAGE });
  return zone ?? "";
});

/** GET /api/my-day/{division}?timeZone=&limit=: whose days (default the reader's), and how many a group shows. */
export const myDayQuerySchema = z.object({
  timeZone: timeZone.optional(),
  limit: z.coerce
    .number({ error: "Must be a whole number from 1 to 100" })
    .int("Must be a whole number from 1 to 100")
    .min(1, "Must be a whole number from 1 to 100")
    .max(100, "Must be a whole number from 1 to 100")
    .default(25),
});

/** PUT /api/reminder-setting: how the user hears of follow-ups, and optionally the zone of their e-mails. */
export const reminderSettingSchema = z.object({
  mode: z.enum(REMINDER_MODES, { error: "Mode must be EACH, DIGEST or OFF" }),
  timeZone: timeZone.optional(),
});
