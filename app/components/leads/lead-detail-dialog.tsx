import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import type { LeadDetail } from "~/models/lead.server";
import { leadUpdateFormSchema, STATUS_LABELS } from "~/models/lead.schema";
import { brandingFor } from "~/utils/divisions";
import { formatDate, formatDateTime, formatGBP, fullName, relativeNoteTime } from "~/utils/format";
import { leadsHref, type LeadsView } from "~/utils/leads-url";
import type { ToastInput } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";
import { buttonClass, ErrorList } from "../forms";
import { Avatar } from "../avatar";
import { Icon } from "../icons";
import { Modal } from "../modal";
import { useToast } from "../toaster";
import { LeadFields, type AssignableUser } from "./lead-fields";
import { StatusBadge } from "./status-badge";

type Detail = SerializeFrom<LeadDetail>;
export type DetailResult = { intent: string; result: SubmissionResult<string[]>; toast?: ToastInput };

/** The lead detail dialog: SPEC.md's seven sections. Every form in it works without JavaScript. */
export function LeadDetailDialog({
  lead,
  view,
  edit,
  assignableUsers,
  result,
}: {
  lead: Detail;
  view: LeadsView;
  edit: boolean;
  assignableUsers: AssignableUser[];
  result?: DetailResult;
}) {
  const showToast = useToast();
  useEffect(() => {
    if (result?.toast) showToast(result.toast);
  }, [result, showToast]);
  const name = `${lead.firstName} ${lead.lastName}`;
  return (
    <Modal title={name} closeHref={leadsHref(view)} size="xl">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <ContactInfo lead={lead} />
          <ProgressTimeline lead={lead} />
          <NotesSection lead={lead} result={result?.intent === "add-note" ? result.result : undefined} />
        </div>
        <div className="space-y-6">
          <QuickActions lead={lead} />
          <UpdateLeadForm
            lead={lead}
            users={assignableUsers}
            autoFocus={edit}
            result={result?.intent === "update" ? result.result : undefined}
          />
          <LeadInformation lead={lead} />
          <ScheduleFollowUp
            lead={lead}
            result={result?.intent === "quick-follow-up" ? result.result : undefined}
          />
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
              <span className="text-xs text-slate-600">{formatDateTime(step.createdAt)}</span>
            </div>
            {step.notes ? <p className="mt-1 text-sm text-slate-700">{step.notes}</p> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

function NotesSection({ lead, result }: { lead: Detail; result?: SubmissionResult<string[]> }) {
  const hydrated = useHydrated();
  const [text, setText] = useState("");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-note";
  const errors = result?.error ?? {};
  return (
    <Section title="Notes & Comments">
      <Form method="post" preventScrollReset className="space-y-2" onSubmit={() => setText("")}>
        <input type="hidden" name="intent" value="add-note" />
        <input type="hidden" name="leadId" value={lead.id} />
        <label htmlFor="note-content" className="sr-only">
          Add a note
        </label>
        <textarea
          id="note-content"
          name="content"
          rows={3}
          placeholder="Add a note..."
          value={hydrated ? text : undefined}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? "note-content-error" : undefined}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:ring-2 focus:ring-slate-400 focus:outline-none"
        />
        <ErrorList id="note-content-error" errors={errors.content} />
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="note-follow-up" className="block text-xs font-medium text-slate-700">
              Follow-up date (optional)
            </label>
            <input
              id="note-follow-up"
              type="date"
              name="followUpDate"
              aria-invalid={errors.followUpDate ? true : undefined}
              className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            />
            <ErrorList errors={errors.followUpDate} />
          </div>
          <button
            type="submit"
            className={buttonClass.primary}
            disabled={busy || (hydrated && text.trim() === "")}
          >
            Add Note
          </button>
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
              {note.followUpDate ? (
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <span
                    className={`inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs font-medium ${
                      note.isFollowUpComplete
                        ? "bg-emerald-100 text-emerald-800"
                        : "bg-amber-100 text-amber-900"
                    }`}
                  >
                    <Icon name="clock" width={14} height={14} />
                    Follow-up {formatDateTime(note.followUpDate)}
                    {note.isFollowUpComplete ? " · Complete" : ""}
                  </span>
                  {note.isFollowUpComplete ? null : (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="noteId" value={note.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="complete-follow-up"
                        className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium hover:bg-slate-100"
                      >
                        Mark Complete
                      </button>
                    </Form>
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function QuickActions({ lead }: { lead: Detail }) {
  const calendarHref = `/calendar?${new URLSearchParams({ leadId: lead.id, leadName: `${lead.firstName} ${lead.lastName}` })}`;
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
        <Link to={calendarHref} className={action}>
          <Icon name="calendar" width={16} height={16} /> Schedule Meeting
        </Link>
        <a href={proposalHref} className={action}>
          <Icon name="document" width={16} height={16} /> Send Proposal
        </a>
      </div>
    </Section>
  );
}

function UpdateLeadForm({
  lead,
  users,
  autoFocus,
  result,
}: {
  lead: Detail;
  users: AssignableUser[];
  autoFocus: boolean;
  result?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const [form, fields] = useForm({
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
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadUpdateFormSchema }),
  });
  // The current assignee stays choosable even if they have since lost access.
  const options =
    lead.assignedTo && !users.some((user) => user.id === lead.assignedTo!.id)
      ? [...users, { ...lead.assignedTo, email: "" }]
      : users;
  return (
    <Section title="Update Lead">
      <Form method="post" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="leadId" value={lead.id} />
        <input type="hidden" name="version" value={lead.version} />
        <fieldset>
          <legend className="sr-only">Lead details</legend>
          <AutoFocusFirst enabled={autoFocus} formId={form.id} />
          <LeadFields fields={fields} users={options} />
        </fieldset>
        {form.errors?.length ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end">
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? "Updating..." : "Update Lead"}
          </button>
        </div>
      </Form>
    </Section>
  );
}

/** edit=true: put the cursor in the update form's first field once the dialog is open. */
function AutoFocusFirst({ enabled, formId }: { enabled: boolean; formId: string }) {
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => {
      const input = document.getElementById(formId)?.querySelector<HTMLInputElement>("input[type=text]");
      input?.focus();
      input?.scrollIntoView({ block: "center" });
    }, 50);
    return () => window.clearTimeout(timer);
  }, [enabled, formId]);
  return null;
}

function LeadInformation({ lead }: { lead: Detail }) {
  const rows: [string, ReactNode][] = [
    [
      "Lead ID",
      <span key="id" className="font-mono">
        {lead.id.slice(-8)}
      </span>,
    ],
    ["Division", brandingFor(lead.companyDivision).fullName],
    ["Status", STATUS_LABELS[lead.status]],
    ["Created", formatDate(lead.createdAt)],
    ["Created by", lead.createdBy ? fullName(lead.createdBy) : "Unknown"],
    ["Assigned to", lead.assignedTo ? fullName(lead.assignedTo) : "Unassigned"],
    ["Last update", formatDateTime(lead.updatedAt)],
  ];
  if (lead.isArchived && lead.archivedAt) rows.push(["Archived", formatDateTime(lead.archivedAt)]);
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

function ScheduleFollowUp({ lead, result }: { lead: Detail; result?: SubmissionResult<string[]> }) {
  const hydrated = useHydrated();
  const [text, setText] = useState("");
  const [date, setDate] = useState("");
  const errors = result?.error ?? {};
  const calendarHref = `/calendar?${new URLSearchParams({ leadId: lead.id, leadName: `${lead.firstName} ${lead.lastName}` })}`;
  return (
    <Section title="Schedule Follow-up">
      <Link to={calendarHref} className={`${buttonClass.secondary} w-full`}>
        <Icon name="calendar" width={16} height={16} />
        Schedule Follow Up
      </Link>
      <Form method="post" preventScrollReset className="mt-4 space-y-2">
        <input type="hidden" name="intent" value="quick-follow-up" />
        <input type="hidden" name="leadId" value={lead.id} />
        <label htmlFor="quick-follow-up-note" className="block text-xs font-medium text-slate-700">
          Quick follow-up note
        </label>
        <input
          id="quick-follow-up-note"
          name="content"
          type="text"
          value={hydrated ? text : undefined}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={errors.content ? true : undefined}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <ErrorList errors={errors.content} />
        <label htmlFor="quick-follow-up-date" className="block text-xs font-medium text-slate-700">
          Follow-up date
        </label>
        <input
          id="quick-follow-up-date"
          name="followUpDate"
          type="date"
          value={hydrated ? date : undefined}
          onChange={(event) => setDate(event.target.value)}
          aria-invalid={errors.followUpDate ? true : undefined}
          className="block rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        />
        <ErrorList errors={errors.followUpDate} />
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={hydrated && (text.trim() === "" || date === "")}
        >
          Add Follow-up
        </button>
      </Form>
    </Section>
  );
}
