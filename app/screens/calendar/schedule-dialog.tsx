import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { calendarView, longDate, PICKER_SIZE, type CalendarView } from "./calendar-view";
import { DEFAULT_FOLLOW_UP_TIME } from "~/models/note";
import type { Division } from "~/utils/divisions";
import type { ToastInput } from "~/utils/toast";
import { useHydrated } from "~/components/use-hydrated";
import { useIsPending } from "~/components/use-is-pending";
import { AppLink } from "~/components/app-link";
import { buttonClass, ErrorList, Field, FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { Icon } from "~/components/icons";
import { LeadChoiceList } from "~/components/lead-choice-list";
import { Modal } from "~/components/modal";
import { useResultToast } from "~/components/toaster";
import { keepChosen, useLeadSearch, type LeadChoice } from "~/components/use-lead-search";
import { useSchemaForm } from "~/components/use-schema-form";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";

export type ScheduleResult = { intent: string; result: SubmissionResult<string[]>; toast?: ToastInput };

/**
 * Schedule Follow-up (SPEC.md "Calendar"): a lead, a note and a time (09:00 unless changed) on the clicked
 * day. The lead is given (from a lead's 'Schedule Follow Up') or picked: with JavaScript by type-ahead over
 * the division's leads, without it by a search the server answers inside the dialog. 'Create Follow-up'
 * waits for a lead and a note.
 */
export function ScheduleDialog({
  view,
  division,
  chosenLead,
  picks,
  result,
}: {
  view: CalendarView;
  division: Division;
  chosenLead: { id: string; name: string } | null;
  picks: LeadChoice[] | undefined;
  result?: ScheduleResult;
}) {
  useResultToast(result);
  const hydrated = useHydrated();
  const action = calendarView.href(view);
  const closeHref = calendarView.href({ ...view, schedule: "", pick: "" });
  const pending = useIsPending({ intent: "schedule", formAction: action });
  // Refused without JavaScript, the form comes back with the lead it sent, which stays chosen.
  const sent = result?.result.initialValue as { leadId?: string } | null | undefined;
  const [picked, setPicked] = useState(() => picks?.find((pick) => pick.id === sent?.leadId) ?? null);
  const leadId = chosenLead?.id ?? picked?.id ?? "";
  const [form, fields] = useSchemaForm("calendarFollowUp", {
    id: `schedule-${view.schedule}`,
    lastResult: result?.result,
    defaultValue: { time: DEFAULT_FOLLOW_UP_TIME },
  });
  // SPEC.md section 5: the leadName parameter names the lead in the text; the lead itself comes from leadId.
  const leadName = view.leadName || chosenLead?.name;
  const ready = Boolean(leadId) && Boolean(fields.content.value?.trim());
  return (
    <Modal title="Schedule Follow-up" closeHref={closeHref} size="md">
      <p className="text-sm text-slate-700">
        {chosenLead ? `Schedule a follow-up with ${leadName} on ` : "Schedule a follow-up on "}
        <strong>{longDate(view.schedule)}</strong>
      </p>
      {chosenLead ? null : (
        <LeadPicker view={view} division={division} picks={picks} chosen={picked} onChoose={setPicked} />
      )}
      <Form method="post" action={action} className="mt-4 space-y-4" {...getFormProps(form)}>
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="schedule" />
        {chosenLead ? <input type="hidden" name="leadId" value={chosenLead.id} /> : null}
        {/* The picker's radio buttons belong to this form by its id. */}
        <ErrorList id={`${form.id}-lead-error`} errors={fields.leadId.errors} />
        <TextareaField
          label="Follow-up Note"
          {...getTextareaProps(fields.content)}
          rows={3}
          errors={fields.content.errors}
        />
        <Field label="Time" {...getInputProps(fields.time, { type: "time" })} errors={fields.time.errors} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap justify-end gap-2">
          <AppLink to={closeHref} preventScrollReset className={buttonClass.secondary}>
            Cancel
          </AppLink>
          <StatusButton pending={pending} disabled={hydrated && !ready} pendingText="Creating...">
            Create Follow-up
          </StatusButton>
        </div>
      </Form>
    </Modal>
  );
}

/**
 * The lead picker: a search box and the matching leads as radio buttons of the schedule form. Without
 * JavaScript the box is a GET form the server answers (`pick`); with it, the list follows the typing.
 */
function LeadPicker({
  view,
  division,
  picks,
  chosen,
  onChoose,
}: {
  view: CalendarView;
  division: Division;
  picks: LeadChoice[] | undefined;
  chosen: LeadChoice | null;
  onChoose: (lead: LeadChoice) => void;
}) {
  const { query, results, search } = useLeadSearch({
    division,
    limit: PICKER_SIZE,
    query: view.pick,
    results: picks,
    blankShowsNone: true,
  });
  const listed = keepChosen(results, chosen);

  const formId = `schedule-${view.schedule}`;
  return (
    <div className="mt-4">
      <Form
        method="get"
        action="/calendar"
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          // With JavaScript the list already follows the typing; the button searches at once.
          event.preventDefault();
          search(new FormData(event.currentTarget).get("pick")?.toString() ?? "");
        }}
      >
        {calendarView
          .hiddenFields(view, ["month", "day", "schedule", "leadId", "leadName"])
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <div className="min-w-0 flex-1">
          <label htmlFor="lead-picker" className="block text-sm font-medium text-slate-700">
            Lead
          </label>
          <input
            id="lead-picker"
            name="pick"
            type="search"
            defaultValue={view.pick}
            onChange={(event) => search(event.target.value)}
            placeholder="Search by name, company or e-mail"
            autoComplete="off"
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
          />
        </div>
        <button type="submit" className={`${buttonClass.secondary} self-end`}>
          <Icon name="search" width={16} height={16} />
          <span className="sr-only sm:not-sr-only">Search</span>
        </button>
      </Form>
      {results?.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No leads found matching &quot;{query}&quot;</p>
      ) : null}
      {listed?.length ? (
        <fieldset className="mt-2">
          <legend className="sr-only">Choose a lead</legend>
          <LeadChoiceList leads={listed} chosen={chosen} onChoose={onChoose} form={formId} size="compact" />
        </fieldset>
      ) : null}
    </div>
  );
}
