import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useId, useState, type ReactNode } from "react";
import { type LeadDetail, LEAD_STATUSES, STATUS_LABELS } from "~/models/lead";
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
import {
  LeadFields,
  OwnerField,
  PersonFields,
  ValueField,
  type LeadFieldName,
  type LeadFieldSet,
} from "~/screens/leads/lead-fields";
import { StatusBadge } from "~/components/status-badge";
import { useTimeZone } from "~/components/time-zone";
import { useSchemaForm } from "~/components/use-schema-form";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { calendarView } from "../calendar/calendar-view";
import { type DetailField, isDetailField, leadAddress } from "./lead-detail-view";
import { LeadTimeline, type TimelinePage } from "./lead-timeline";
import { LogActivity, useLogHref } from "./log-activity";
import type { LogKind } from "./timeline-view";
import { Section } from "./section";
import { DEFAULT_FOLLOW_UP_TIME } from "~/models/note";

type Detail = SerializeFrom<LeadDetail>;
/** What the detail's action answers when a form comes back (invalid input, a refusal). */
export type DetailResult = { intent: string; result: SubmissionResult<string[]>; toast?: ToastInput };

/**
 * The lead detail dialog: SPEC.md's seven sections under a stage bar. Every form in it posts to `action` (the
 * detail route, screens/lead-detail/lead-detail.server.ts) and works without JavaScript; the dialog closes to
 * `closeHref`. Its forms and edit links replace the dialog's history entry rather than add one, so Close
 * goes back to the page below and Back never reopens a closed dialog (components/modal.tsx). `field` is the
 * part being edited in place (`?field=`), whose link `fieldHref` gives. On a phone it is a full-screen sheet
 * whose stage bar and Quick Actions come first.
 */
export function LeadDetailDialog({
  lead,
  action,
  closeHref,
  edit,
  field,
  fieldHref,
  assignableUsers,
  timeline,
  result,
}: {
  lead: Detail;
  action: string;
  closeHref: string;
  edit: boolean;
  field: DetailField | null;
  fieldHref: (field: DetailField | null) => string;
  assignableUsers: AssignableUser[];
  timeline: TimelinePage;
  result?: DetailResult;
}) {
  useResultToast(result);
  const name = `${lead.firstName} ${lead.lastName}`;
  // The note forms start empty again once a note has been added.
  const notesKey = lead.notes.length;
  // A part whose save came back (invalid, refused) stays open with its messages.
  const sent = result?.intent === "update-field" ? result.result.initialValue?.field : null;
  const editing = { field: field ?? (isDetailField(sent) ? sent : null), fieldHref, action, result };
  // The current assignee stays choosable even if they have since lost access.
  const users =
    lead.assignedTo && !assignableUsers.some((user) => user.id === lead.assignedTo!.id)
      ? [...assignableUsers, { ...lead.assignedTo, email: "" }]
      : assignableUsers;
  return (
    <Modal title={name} closeHref={closeHref} size="xl" sheet>
      <StageBar lead={lead} action={action} />
      <div className="mt-6 flex flex-col gap-6 lg:grid lg:grid-cols-2">
        <div className="contents lg:block lg:space-y-6">
          <ContactInfo lead={lead} users={users} editing={editing} />
          <ProgressTimeline lead={lead} />
          <NotesSection key={notesKey} lead={lead} action={action} result={result} />
        </div>
        <div className="contents lg:block lg:space-y-6">
          <QuickActions lead={lead} action={action} result={result} className="max-lg:order-first" />
          <UpdateLeadForm
            lead={lead}
            action={action}
            users={users}
            autoFocus={edit}
            result={result?.intent === "update" ? result.result : undefined}
          />
          <LeadInformation lead={lead} />
          <ScheduleFollowUp key={notesKey} lead={lead} action={action} result={result} />
        </div>
      </div>
      <div className="mt-6">
        <LeadTimeline timeline={timeline} />
      </div>
    </Modal>
  );
}

/**
 * SPEC.md's six statuses in order, the current one marked: one click sets a status (a form per stage, with the
 * version it was read at, so a stale click is refused). The answer's toast offers Undo.
 */
function StageBar({ lead, action }: { lead: Detail; action: string }) {
  const navigation = useNavigation();
  const pending = useIsPending({ intent: "set-status", formAction: action });
  const current = LEAD_STATUSES.indexOf(lead.status);
  return (
    <section aria-label="Status">
      <ol className="grid grid-cols-3 gap-1 text-xs font-medium sm:grid-cols-6 sm:text-sm">
        {LEAD_STATUSES.map((status, index) => {
          const stage = "flex h-full w-full items-center justify-center rounded-md px-2 py-2 text-center";
          if (index === current) {
            return (
              <li key={status}>
                <span aria-current="step" className={`${stage} bg-slate-800 text-white`}>
                  {STATUS_LABELS[status]}
                </span>
              </li>
            );
          }
          return (
            <li key={status}>
              <Form method="post" action={action} preventScrollReset replace className="h-full">
                <IdempotencyKeyField />
                <input type="hidden" name="intent" value="set-status" />
                <input type="hidden" name="status" value={status} />
                <input type="hidden" name="version" value={lead.version} />
                <button
                  type="submit"
                  disabled={pending}
                  aria-busy={(pending && navigation.formData?.get("status") === status) || undefined}
                  className={`${stage} border hover:bg-slate-100 disabled:cursor-wait ${
                    index < current
                      ? "border-slate-300 bg-slate-100 text-slate-800"
                      : "border-slate-300 bg-white text-slate-700"
                  }`}
                >
                  {STATUS_LABELS[status]}
                </button>
              </Form>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

type Editing = {
  field: DetailField | null;
  fieldHref: (field: DetailField | null) => string;
  action: string;
  result?: DetailResult;
};

/** The lead's person, value and owner, each with an edit link that opens a small form in its place. */
function ContactInfo({ lead, users, editing }: { lead: Detail; users: AssignableUser[]; editing: Editing }) {
  const { field } = editing;
  return (
    <Section title="Contact Information">
      <div className="flex items-start gap-3">
        <Avatar firstName={lead.firstName} lastName={lead.lastName} size="md" />
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          {field === "contact" ? (
            <FieldForm
              lead={lead}
              field="contact"
              editing={editing}
              defaultValue={{
                firstName: lead.firstName,
                lastName: lead.lastName,
                email: lead.email,
                phone: lead.phone ?? "",
              }}
            >
              {(fields) => (
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  <PersonFields fields={fields} autoFocus />
                </div>
              )}
            </FieldForm>
          ) : (
            <>
              <p className="flex items-center gap-1 text-base font-semibold text-slate-900">
                <span className="min-w-0 wrap-anywhere">
                  {lead.firstName} {lead.lastName}
                </span>
                <EditLink field="contact" label="Edit contact" editing={editing} />
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
                  <a href={telHref(lead.phone)} className="text-sky-800 underline">
                    {lead.phone}
                  </a>
                </p>
              ) : null}
            </>
          )}
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <StatusBadge status={lead.status} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 pt-1">
            <dt className="text-slate-600">Value</dt>
            <dd className="flex min-w-0 items-center gap-1 text-slate-800">
              {field === "value" ? (
                <FieldForm
                  lead={lead}
                  field="value"
                  editing={editing}
                  defaultValue={{ estimatedValue: lead.estimatedValue ?? "" }}
                >
                  {(fields) => <ValueField fields={fields} autoFocus />}
                </FieldForm>
              ) : (
                <>
                  {formatGBP(lead.estimatedValue)}
                  <EditLink field="value" label="Edit value" editing={editing} />
                </>
              )}
            </dd>
            <dt className="text-slate-600">Owner</dt>
            <dd className="flex min-w-0 items-center gap-1 text-slate-800">
              {field === "owner" ? (
                <FieldForm
                  lead={lead}
                  field="owner"
                  editing={editing}
                  defaultValue={{ assignedToId: lead.assignedTo?.id ?? "" }}
                >
                  {(fields) => <OwnerField fields={fields} users={users} autoFocus />}
                </FieldForm>
              ) : (
                <>
                  {lead.assignedTo ? fullName(lead.assignedTo) : "Unassigned"}
                  <EditLink field="owner" label="Edit owner" editing={editing} />
                </>
              )}
            </dd>
          </dl>
          {lead.leadNotes ? (
            <p className="pt-2 whitespace-pre-line text-slate-700">{lead.leadNotes}</p>
          ) : null}
        </div>
      </div>
    </Section>
  );
}

/** The pencil that opens one part's form in place (`?field=`, a link: it works without JavaScript). */
function EditLink({ field, label, editing }: { field: DetailField; label: string; editing: Editing }) {
  return (
    <AppLink
      to={editing.fieldHref(field)}
      preventScrollReset
      replace
      aria-label={label}
      className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-100"
    >
      <Icon name="pencil" width={16} height={16} />
    </AppLink>
  );
}

/**
 * One part of the lead edited in place: its fields, the version it was read at, Save and Cancel. The server
 * checks it (models/lead.schema.ts leadFieldFormSchemas), with the same version check as the whole form.
 */
function FieldForm({
  lead,
  field,
  editing,
  defaultValue,
  children,
}: {
  lead: Detail;
  field: DetailField;
  editing: Editing;
  defaultValue: Partial<Record<LeadFieldName, string>>;
  children: (fields: LeadFieldSet) => ReactNode;
}) {
  const { action, result } = editing;
  const pending = useIsPending({ intent: "update-field", formAction: action });
  const [form, fields] = useForm<Record<LeadFieldName, string>>({
    id: `edit-${field}-${lead.id}`,
    lastResult: result?.intent === "update-field" ? result.result : undefined,
    defaultValue,
  });
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      replace
      className="w-full space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3"
      {...getFormProps(form)}
    >
      <IdempotencyKeyField />
      <input type="hidden" name="intent" value="update-field" />
      <input type="hidden" name="field" value={field} />
      <input type="hidden" name="version" value={lead.version} />
      {children(fields)}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <StatusButton pending={pending} pendingText="Saving...">
          Save
        </StatusButton>
        <AppLink to={editing.fieldHref(null)} preventScrollReset replace className={buttonClass.secondary}>
          Cancel
        </AppLink>
      </div>
    </Form>
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
      <Form
        method="post"
        action={action}
        preventScrollReset
        replace
        className="space-y-2"
        {...getFormProps(form)}
      >
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
        {/* A follow-up is scheduled in one place, the Schedule Follow-up form (with its time). */}
        {/* SPEC.md section 5: disabled while the note is blank (the server checks it too). */}
        <StatusButton pending={pending} disabled={hydrated && !fields.content.value?.trim()}>
          Add Note
        </StatusButton>
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
        <Form method="post" action={action} preventScrollReset replace>
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

/** A phone number as a `tel:` address (no spaces). */
function telHref(phone: string) {
  return `tel:${phone.replace(/\s+/g, "")}`;
}

function QuickActions({
  lead,
  action,
  result,
  className,
}: {
  lead: Detail;
  action: string;
  result?: DetailResult;
  className: string;
}) {
  const navigate = useNavigate();
  const logHref = useLogHref();
  // Once the call or e-mail is started (the tel: or mailto: link still opens the phone or the mail program),
  // the form to log it opens; without JavaScript, the "Log call" and "Log e-mail" links open it.
  const offerToLog = (log: LogKind) => () =>
    navigate(logHref(log), { replace: true, preventScrollReset: true });
  const proposalHref = `mailto:${lead.email}?${new URLSearchParams({
    subject: `Proposal from ${brandingFor(lead.companyDivision).fullName}`,
  })
    .toString()
    .replace(/\+/g, "%20")}`;
  // 'Schedule Meeting' goes to the dialog's Schedule Follow-up form: the one way to schedule from here.
  const meetingHref = `#${scheduleFormId(lead.id)}`;
  return (
    <Section title="Quick Actions" className={className}>
      <div className="grid grid-cols-2 gap-2">
        <QuickAction
          href={lead.phone ? telHref(lead.phone) : null}
          icon="phone"
          missing="No phone number"
          onClick={offerToLog("call")}
        >
          Call Contact
        </QuickAction>
        <QuickAction href={`mailto:${lead.email}`} icon="mail" onClick={offerToLog("email")}>
          Send Email
        </QuickAction>
        <a href={meetingHref} className={QUICK_ACTION}>
          <Icon name="calendar" width={16} height={16} /> Schedule Meeting
        </a>
        <QuickAction href={proposalHref} icon="document">
          Send Proposal
        </QuickAction>
      </div>
      <LogActivity action={action} result={result} />
    </Section>
  );
}

const QUICK_ACTION =
  "flex items-center justify-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50";

/**
 * A link out of the app (tel:, mailto:), or, without its address, shown disabled with `missing` beneath (only
 * the phone: a lead's e-mail is required).
 */
function QuickAction({
  href,
  icon,
  missing,
  onClick,
  children,
}: {
  href: string | null;
  icon: "phone" | "mail" | "document";
  missing?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const reasonId = useId();
  if (href) {
    return (
      <a href={href} onClick={onClick} className={QUICK_ACTION}>
        <Icon name={icon} width={16} height={16} /> {children}
      </a>
    );
  }
  return (
    <div className="flex flex-col items-stretch gap-1">
      <span
        role="link"
        aria-disabled="true"
        aria-describedby={reasonId}
        className={`${QUICK_ACTION} cursor-not-allowed opacity-50`}
      >
        <Icon name={icon} width={16} height={16} /> {children}
      </span>
      <span id={reasonId} className="text-center text-xs text-slate-600">
        {missing}
      </span>
    </div>
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
  return (
    <Section title="Update Lead">
      <Form method="post" action={action} preventScrollReset replace {...getFormProps(form)}>
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="version" value={lead.version} />
        <fieldset>
          <legend className="sr-only">Lead details</legend>
          <LeadFields fields={fields} users={users} autoFocus={autoFocus} />
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
    ["Link", <LeadLink key="link" lead={lead} />],
  ];
  if (lead.isArchived && lead.archivedAt) rows.push(["Archived", formatDateTime(lead.archivedAt, timeZone)]);
  return (
    <Section title="Lead Information">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="min-w-0 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** The lead's one shareable address; with JavaScript, a button copies it. */
function LeadLink({ lead }: { lead: Detail }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<boolean | null>(null);
  const address = leadAddress(lead.id);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <AppLink to={address} className="break-all text-sky-800 underline">
        {address}
      </AppLink>
      {hydrated ? (
        <button
          type="button"
          className={buttonClass.small}
          onClick={() =>
            navigator.clipboard.writeText(new URL(address, window.location.href).href).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy link
        </button>
      ) : null}
      <span role="status" className="text-xs text-slate-600">
        {copied === null ? "" : copied ? "Link copied" : "Could not copy: copy the link above"}
      </span>
    </span>
  );
}

/** The Schedule Follow-up form's id, which 'Schedule Meeting' links to. */
const scheduleFormId = (leadId: string) => `quick-follow-up-${leadId}`;

function ScheduleFollowUp({ lead, action, result }: { lead: Detail; action: string; result?: DetailResult }) {
  const hydrated = useHydrated();
  const pending = useIsPending({ intent: "quick-follow-up", formAction: action });
  const [form, fields] = useSchemaForm("quickFollowUp", {
    id: scheduleFormId(lead.id),
    lastResult: result?.intent === "quick-follow-up" ? result.result : undefined,
  });
  const small = "block text-xs font-medium text-slate-700";
  return (
    <Section title="Schedule Follow-up">
      {/* SPEC.md: 'Schedule Follow Up' goes to the calendar with the lead chosen. */}
      <AppLink
        to={calendarView.href({ leadId: lead.id, leadName: `${lead.firstName} ${lead.lastName}` })}
        className={`${buttonClass.secondary} w-full`}
      >
        <Icon name="calendar" width={16} height={16} />
        Schedule Follow Up
      </AppLink>
      <Form
        method="post"
        action={action}
        preventScrollReset
        replace
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
        <Field
          label="Time"
          labelClassName={small}
          {...getInputProps(fields.followUpTime, { type: "time" })}
          defaultValue={fields.followUpTime.initialValue ?? DEFAULT_FOLLOW_UP_TIME}
          errors={fields.followUpTime.errors}
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
