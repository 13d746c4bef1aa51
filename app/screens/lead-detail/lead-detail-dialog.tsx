import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { type LeadDetail, STATUS_LABELS } from "~/models/lead";
import type { AssignableUser } from "~/models/user.schema";
import { brandingFor } from "~/utils/divisions";
import { formatDate, formatDateTime, formatGBP, fullName, relativeNoteTime } from "~/utils/format";
import type { ToastInput } from "~/utils/toast";
import { useHydrated } from "~/components/use-hydrated";
import { useIsPending } from "~/components/use-is-pending";
import { AppLink } from "~/components/app-link";
import { Avatar } from "~/components/avatar";
import { buttonClass, Field, FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { Icon } from "~/components/icons";
import { Modal } from "~/components/modal";
import { useResultToast } from "~/components/toaster";
import { LeadFields } from "~/screens/leads/lead-fields";
import { StatusBadge } from "~/components/status-badge";
import { useTimeZone } from "~/components/time-zone";
import { useSchemaForm } from "~/components/use-schema-form";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";

type Detail = SerializeFrom<LeadDetail>;
/** What the detail's action answers when a form comes back (invalid input, a refusal). */
export type DetailResult = { intent: string; result: SubmissionResult<string[]>; toast?: ToastInput };

/**
 * The lead detail dialog: SPEC.md's seven sections. Every form in it posts to `action` (the detail route,
 * screens/lead-detail/lead-detail.server.ts) and works without JavaScript; the dialog closes to `closeHref`.
 */
export function LeadDetailDialog({
  lead,
  action,
  closeHref,
  edit,
  assignableUsers,
  result,
}: {
  lead: Detail;
  action: string;
  closeHref: string;
  edit: boolean;
  assignableUsers: AssignableUser[];
  result?: DetailResult;
}) {
  useResultToast(result);
  const name = `${lead.firstName} ${lead.lastName}`;
  // The note forms start empty again once a note has been added.
  const notesKey = lead.notes.length;
  return (
    <Modal title={name} closeHref={closeHref} size="xl">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <ContactInfo lead={lead} />
          <ProgressTimeline lead={lead} />
          <NotesSection key={notesKey} lead={lead} action={action} result={result} />
        </div>
        <div className="space-y-6">
          <QuickActions lead={lead} />
          <UpdateLeadForm
            lead={lead}
            action={action}
            users={assignableUsers}
            autoFocus={edit}
            result={result?.intent === "update" ? result.result : undefined}
          />
          <LeadInformation lead={lead} />
          <ScheduleFollowUp key={notesKey} lead={lead} action={action} result={result} />
        </div>
      </div>
    </Modal>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4" aria-label={title}>
      <h3 className="mb-3 text-sm font-semibold tracking-wide text-slate-700 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function ContactInfo({ lead }: { lead: Detail }) {
  return (
    <Section title="Contact Information">
      <div className="flex items-start gap-3">
        <Avatar firstName={lead.firstName} lastName={lead.lastName} size="md" />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="text-base font-semibold text-slate-900">
            {lead.firstName} {lead.lastName}
          </p>
          {lead.position ? <p className="text-slate-600">{lead.position}</p> : null}
          <p className="font-medium text-slate-800">{lead.company}</p>
          <p className="flex items-center gap-2 break-all">
            <Icon name="mail" width={16} height={16} className="shrink-0 text-slate-500" />
            <a href={`mailto:${lead.email}`} className="text-sky-800 underline">
              {lead.email}
            </a>
          </p>
          {lead.phone ? (
            <p className="flex items-center gap-2">
              <Icon name="phone" width={16} height={16} className="shrink-0 text-slate-500" />
              <a href={`tel:${lead.phone.replace(/\s+/g, "")}`} className="text-sky-800 underline">
                {lead.phone}
              </a>
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <StatusBadge status={lead.status} />
            <span className="text-slate-700">{formatGBP(lead.estimatedValue)}</span>
          </div>
          {lead.leadNotes ? (
            <p className="pt-2 whitespace-pre-line text-slate-700">{lead.leadNotes}</p>
          ) : null}
        </div>
      </div>
    </Section>
  );
}

function ProgressTimeline({ lead }: { lead: Detail }) {
  const timeZone = useTimeZone();
  return (
    <Section title="Lead Progress">
      <ol className="relative space-y-4 border-l border-slate-200 pl-5">
        {lead.progress.map((step) => (
          <li key={step.id} className="relative">
            <span
              className="absolute top-1 -left-[1.6rem] h-3 w-3 rounded-full border-2 border-white bg-slate-600"
              aria-hidden="true"
            />
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={step.status} />
              <span className="text-xs text-slate-600">{formatDateTime(step.createdAt, timeZone)}</span>
            </div>
            {step.notes ? <p className="mt-1 text-sm text-slate-700">{step.notes}</p> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

function NotesSection({ lead, action, result }: { lead: Detail; action: string; result?: DetailResult }) {
  const hydrated = useHydrated();
  const pending = useIsPending({ intent: "add-note", formAction: action });
  const [form, fields] = useSchemaForm("addNote", {
    id: `add-note-${lead.id}`,
    lastResult: result?.intent === "add-note" ? result.result : undefined,
  });
  return (
    <Section title="Notes & Comments">
      <Form method="post" action={action} preventScrollReset className="space-y-2" {...getFormProps(form)}>
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="add-note" />
        <TextareaField
          label="Add a note"
          labelClassName="sr-only"
          {...getTextareaProps(fields.content)}
          rows={3}
          placeholder="Add a note..."
          errors={fields.content.errors}
        />
        <div className="flex flex-wrap items-end gap-2">
          <Field
            label="Follow-up date (optional)"
            labelClassName="block text-xs font-medium text-slate-700"
            {...getInputProps(fields.followUpDate, { type: "date" })}
            errors={fields.followUpDate.errors}
          />
          {/* SPEC.md section 5: disabled while the note is blank (the server checks it too). */}
          <StatusButton pending={pending} disabled={hydrated && !fields.content.value?.trim()}>
            Add Note
          </StatusButton>
        </div>
      </Form>
      {lead.notes.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {lead.notes.map((note) => (
            <li key={note.id} className="rounded-md bg-slate-50 p-3 text-sm">
              <p className="whitespace-pre-line text-slate-800">{note.content}</p>
              <p className="mt-1 text-xs text-slate-600">
                {note.createdBy?.firstName ?? "Unknown"} ·{" "}
                <span suppressHydrationWarning>{relativeNoteTime(note.createdAt)}</span>
                {note.noteType === "VOICE" && note.voiceDuration
                  ? ` · Voice note (${note.voiceDuration}s)`
                  : ""}
              </p>
              {note.noteType === "VOICE" && note.hasAudio ? (
                // The recording the field rep made on /mobile, stored on the server (seekable: range requests).
                <audio
                  controls
                  preload="metadata"
                  src={`/api/notes/${note.id}/audio`}
                  aria-label={`Voice note by ${note.createdBy?.firstName ?? "Unknown"}`}
                  className="mt-2 w-full"
                />
              ) : null}
              {note.followUpDate ? <FollowUpLine note={note} action={action} /> : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function FollowUpLine({ note, action }: { note: Detail["notes"][number]; action: string }) {
  const timeZone = useTimeZone();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <span
        className={`inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs font-medium ${
          note.isFollowUpComplete ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900"
        }`}
      >
        <Icon name="clock" width={14} height={14} />
        Follow-up {formatDateTime(note.followUpDate!, timeZone)}
        {note.isFollowUpComplete ? " · Complete" : ""}
      </span>
      {/* SPEC.md section 4: Mark Complete only for open follow-ups. */}
      {note.isFollowUpComplete ? null : (
        <Form method="post" action={action} preventScrollReset>
          <IdempotencyKeyField />
          <input type="hidden" name="noteId" value={note.id} />
          <button type="submit" name="intent" value="complete-follow-up" className={buttonClass.small}>
            Mark Complete
          </button>
        </Form>
      )}
    </div>
  );
}

function QuickActions({ lead }: { lead: Detail }) {
  const proposalHref = `mailto:${lead.email}?${new URLSearchParams({
    subject: `Proposal from ${brandingFor(lead.companyDivision).fullName}`,
  })
    .toString()
    .replace(/\+/g, "%20")}`;
  const action =
    "flex items-center justify-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50";
  return (
    <Section title="Quick Actions">
      <div className="grid grid-cols-2 gap-2">
        {lead.phone ? (
          <a href={`tel:${lead.phone.replace(/\s+/g, "")}`} className={action}>
            <Icon name="phone" width={16} height={16} /> Call Contact
          </a>
        ) : (
          <span
            className={`${action} cursor-not-allowed opacity-50`}
            aria-disabled="true"
            title="No phone number"
          >
            <Icon name="phone" width={16} height={16} /> Call Contact
          </span>
        )}
        <a href={`mailto:${lead.email}`} className={action}>
          <Icon name="mail" width={16} height={16} /> Send Email
        </a>
        <AppLink to={calendarHref(lead)} className={action}>
          <Icon name="calendar" width={16} height={16} /> Schedule Meeting
        </AppLink>
        <a href={proposalHref} className={action}>
          <Icon name="document" width={16} height={16} /> Send Proposal
        </a>
      </div>
    </Section>
  );
}

function UpdateLeadForm({
  lead,
  action,
  users,
  autoFocus,
  result,
}: {
  lead: Detail;
  action: string;
  users: AssignableUser[];
  autoFocus: boolean;
  result?: SubmissionResult<string[]>;
}) {
  const pending = useIsPending({ intent: "update", formAction: action });
  const [form, fields] = useSchemaForm("updateLead", {
    id: `update-lead-${lead.id}`,
    lastResult: result,
    defaultValue: {
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone ?? "",
      company: lead.company,
      position: lead.position ?? "",
      status: lead.status,
      estimatedValue: lead.estimatedValue ?? "",
      notes: lead.leadNotes ?? "",
      assignedToId: lead.assignedTo?.id ?? "",
    },
  });
  // The current assignee stays choosable even if they have since lost access.
  const options =
    lead.assignedTo && !users.some((user) => user.id === lead.assignedTo!.id)
      ? [...users, { ...lead.assignedTo, email: "" }]
      : users;
  return (
    <Section title="Update Lead">
      <Form method="post" action={action} preventScrollReset {...getFormProps(form)}>
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="version" value={lead.version} />
        <fieldset>
          <legend className="sr-only">Lead details</legend>
          <LeadFields fields={fields} users={options} autoFocus={autoFocus} />
        </fieldset>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="mt-4 flex justify-end">
          <StatusButton pending={pending} pendingText="Updating...">
            Update Lead
          </StatusButton>
        </div>
      </Form>
    </Section>
  );
}

function LeadInformation({ lead }: { lead: Detail }) {
  const timeZone = useTimeZone();
  const rows: [string, ReactNode][] = [
    [
      "Lead ID",
      <span key="id" className="font-mono">
        {lead.id.slice(-8)}
      </span>,
    ],
    ["Division", brandingFor(lead.companyDivision).fullName],
    ["Status", STATUS_LABELS[lead.status]],
    ["Created", formatDate(lead.createdAt, timeZone)],
    ["Created by", lead.createdBy ? fullName(lead.createdBy) : "Unknown"],
    ["Assigned to", lead.assignedTo ? fullName(lead.assignedTo) : "Unassigned"],
    ["Last update", formatDateTime(lead.updatedAt, timeZone)],
  ];
  if (lead.isArchived && lead.archivedAt) rows.push(["Archived", formatDateTime(lead.archivedAt, timeZone)]);
  return (
    <Section title="Lead Information">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function ScheduleFollowUp({ lead, action, result }: { lead: Detail; action: string; result?: DetailResult }) {
  const hydrated = useHydrated();
  const pending = useIsPending({ intent: "quick-follow-up", formAction: action });
  const [form, fields] = useSchemaForm("quickFollowUp", {
    id: `quick-follow-up-${lead.id}`,
    lastResult: result?.intent === "quick-follow-up" ? result.result : undefined,
  });
  const small = "block text-xs font-medium text-slate-700";
  return (
    <Section title="Schedule Follow-up">
      <AppLink to={calendarHref(lead)} className={`${buttonClass.secondary} w-full`}>
        <Icon name="calendar" width={16} height={16} />
        Schedule Follow Up
      </AppLink>
      <Form
        method="post"
        action={action}
        preventScrollReset
        className="mt-4 space-y-2"
        {...getFormProps(form)}
      >
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="quick-follow-up" />
        <Field
          label="Quick follow-up note"
          labelClassName={small}
          {...getInputProps(fields.content, { type: "text" })}
          errors={fields.content.errors}
        />
        <Field
          label="Follow-up date"
          labelClassName={small}
          {...getInputProps(fields.followUpDate, { type: "date" })}
          errors={fields.followUpDate.errors}
        />
        {/* SPEC.md section 5: a quick follow-up needs both a note and a date. */}
        <StatusButton
          pending={pending}
          disabled={hydrated && (!fields.content.value?.trim() || !fields.followUpDate.value)}
        >
          Add Follow-up
        </StatusButton>
      </Form>
    </Section>
  );
}

/** SPEC.md: 'Schedule Follow Up' goes to the calendar with the lead chosen. */
function calendarHref(lead: Detail) {
  return `/calendar?${new URLSearchParams({ leadId: lead.id, leadName: `${lead.firstName} ${lead.lastName}` })}`;
}
