import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, useLocation } from "@remix-run/react";
import { OUTCOMES_OF, OUTCOME_LABELS, type ActivityKind } from "~/models/timeline";
import { AppLink } from "~/components/app-link";
import { buttonClass, CheckboxGroupField, FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { useIsPending } from "~/components/use-is-pending";
import type { DetailResult } from "./lead-detail-dialog";
import { timelineState, withTimeline, type LogKind } from "./timeline-view";

const ACTIVITY: Record<LogKind, { kind: ActivityKind; legend: string; submit: string }> = {
  call: { kind: "CALL", legend: "How did the call go?", submit: "Log call" },
  email: { kind: "EMAIL", legend: "What became of the e-mail?", submit: "Log e-mail" },
};

/** The address of the detail with the log form of `log` open (null: closed), the rest of its state kept. */
export function useLogHref() {
  const location = useLocation();
  return (log: LogKind | null) => location.pathname + withTimeline(location.search, { log });
}

/**
 * "Log call" and "Log e-mail" under the Quick Actions, and the form the address opens (`?log=call`), which
 * 'Call Contact' and 'Send Email' also open once clicked. Links and a plain form: it works without JavaScript.
 */
export function LogActivity({ action, result }: { action: string; result?: DetailResult }) {
  const location = useLocation();
  const logHref = useLogHref();
  const { log } = timelineState(location.search);
  const link = "text-sm text-sky-800 underline";
  return (
    <>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
        <AppLink to={logHref("call")} replace preventScrollReset className={link}>
          Log call
        </AppLink>
        <AppLink to={logHref("email")} replace preventScrollReset className={link}>
          Log e-mail
        </AppLink>
      </p>
      {log ? (
        <LogForm key={log} log={log} action={action} result={result} cancelHref={logHref(null)} />
      ) : null}
    </>
  );
}

function LogForm({
  log,
  action,
  result,
  cancelHref,
}: {
  log: LogKind;
  action: string;
  result?: DetailResult;
  cancelHref: string;
}) {
  const { kind, legend, submit } = ACTIVITY[log];
  const pending = useIsPending({ intent: "log-activity", formAction: action });
  const [form, fields] = useForm<{ outcome: string; notes: string }>({
    id: `log-${log}`,
    lastResult: result?.intent === "log-activity" ? result.result : undefined,
  });
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      replace
      aria-label={submit}
      className="mt-3 space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3"
      {...getFormProps(form)}
    >
      <IdempotencyKeyField />
      <input type="hidden" name="intent" value="log-activity" />
      <input type="hidden" name="kind" value={kind} />
      <CheckboxGroupField
        legend={legend}
        id={fields.outcome.id}
        errors={fields.outcome.errors}
        options={OUTCOMES_OF[kind].map((outcome) => ({
          type: "radio",
          name: fields.outcome.name,
          value: outcome,
          required: true,
          defaultChecked: fields.outcome.initialValue === outcome,
          label: OUTCOME_LABELS[outcome],
        }))}
      />
      <TextareaField
        label="Notes (optional)"
        {...getTextareaProps(fields.notes)}
        rows={2}
        errors={fields.notes.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <StatusButton pending={pending} pendingText="Saving...">
          {submit}
        </StatusButton>
        <AppLink to={cancelHref} replace preventScrollReset className={buttonClass.secondary}>
          Cancel
        </AppLink>
      </div>
    </Form>
  );
}
