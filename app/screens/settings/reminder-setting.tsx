import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/forms";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { REMINDER_MODE_LABELS, REMINDER_MODES, type ReminderMode } from "~/models/my-day";

/** Reminders: an e-mail per follow-up as it comes due, a daily digest, or none (a plain form). */
export function ReminderSettingForm({
  mode,
  emailConfigured,
}: {
  mode: ReminderMode;
  emailConfigured: boolean;
}) {
  return (
    <section
      aria-labelledby="reminders"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="reminders" className="text-lg font-semibold text-slate-900">
        Reminders
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Follow-ups on your leads that come due show in the bell and in My Day.{" "}
        {emailConfigured
          ? "You can also have them e-mailed, at the times of the zone this browser is in."
          : "This server has no e-mail configured, so none is sent whatever you choose."}
      </p>
      <Form method="post" action="/settings" className="mt-3 space-y-3">
        <IdempotencyKeyField />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">E-mail reminders</legend>
          <div className="mt-2 space-y-1">
            {REMINDER_MODES.map((value) => (
              <label key={value} className="flex items-start gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  defaultChecked={value === mode}
                  className="mt-1"
                />
                {REMINDER_MODE_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" name="intent" value="reminders" className={buttonClass.primary}>
          Save Reminders
        </button>
      </Form>
    </section>
  );
}
