import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form, useNavigation } from "@remix-run/react";
import type { Lead } from "~/models/lead";
import type { AssignableUser } from "~/models/user.schema";
import { brandingFor, type Division } from "~/utils/divisions";
import { formatGBP } from "~/utils/format";
import type { ToastInput } from "~/utils/toast";
import { useIsPending } from "~/components/use-is-pending";
import { AppLink } from "~/components/app-link";
import { buttonClass, FormErrors, StatusButton } from "~/components/forms";
import { Modal } from "~/components/modal";
import { useResultToast } from "~/components/toaster";
import { LeadFields } from "./lead-fields";
import { StatusBadge } from "~/components/status-badge";
import { useSchemaForm } from "~/components/use-schema-form";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { openLeadHref } from "./leads-view";

export type CreateResult = {
  result: SubmissionResult<string[]>;
  duplicates: SerializeFrom<Lead>[];
  toast?: ToastInput;
};

/**
 * Add New Lead: the form, validated by the same schema in the browser and on the server; when the server
 * finds possible duplicates, the same dialog lists them as a second step. It posts to `action` (the page
 * that opened it, with the dialog's parameter, so invalid input comes back with the dialog open) and
 * closes to `closeHref` (docs/decisions/002-screens.md).
 */
type AddLeadDialogProps = {
  division: Division;
  action: string;
  closeHref: string;
  users: AssignableUser[];
  result?: CreateResult;
  /** Create Contact & Add Lead: the saved contact, whose person and company fill the form. */
  contact?: {
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    company: string;
    position: string | null;
  } | null;
};

export function AddLeadDialog(props: AddLeadDialogProps) {
  const { action, closeHref, result } = props;
  useResultToast(result);
  if (result?.duplicates.length) {
    return (
      <DuplicateStep
        action={action}
        closeHref={closeHref}
        duplicates={result.duplicates}
        values={result.result.initialValue ?? {}}
      />
    );
  }
  // Its own component, so that coming back from the duplicate step (Cancel) starts a form filled in again.
  return <LeadForm {...props} />;
}

function LeadForm({ division, action, closeHref, users, result, contact }: AddLeadDialogProps) {
  const pending = useIsPending({ intent: "create", formAction: action });
  const [form, fields] = useSchemaForm("addLead", {
    id: "add-lead",
    lastResult: result?.result,
    defaultValue: {
      status: "NEW",
      ...(contact && {
        firstName: contact.firstName,
        lastName: contact.lastName,
        email: contact.email ?? "",
        phone: contact.phone ?? "",
        company: contact.company,
        position: contact.position ?? "",
      }),
    },
  });
  return (
    <Modal title="Add New Lead" closeHref={closeHref} size="lg">
      <p className="mb-4 text-sm text-slate-600">New lead for {brandingFor(division).fullName}</p>
      <Form method="post" action={action} {...getFormProps(form)}>
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="create" />
        {/* The division the dialog was opened for, even if the user switches in another tab meanwhile. */}
        <input type="hidden" name="companyDivision" value={division} />
        {contact ? <input type="hidden" name="mainContactId" value={contact.id} /> : null}
        <LeadFields fields={fields} users={users} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <AppLink to={closeHref} className={buttonClass.secondary}>
            Cancel
          </AppLink>
          <StatusButton pending={pending} pendingText="Creating...">
            Create Lead
          </StatusButton>
        </div>
      </Form>
    </Modal>
  );
}

function DuplicateStep({
  action,
  closeHref,
  duplicates,
  values,
}: {
  action: string;
  closeHref: string;
  duplicates: SerializeFrom<Lead>[];
  values: Record<string, unknown>;
}) {
  const navigation = useNavigation();
  const creating =
    useIsPending({ intent: "create", formAction: action }) && navigation.formData?.get("back") !== "1";
  return (
    <Modal title="Possible Duplicate Leads" closeHref={closeHref} size="lg">
      <p className="text-sm text-slate-700">
        {duplicates.length === 1
          ? "A lead with the same e-mail or name already exists in this division."
          : `${duplicates.length} leads with the same e-mail or name already exist in this division.`}
      </p>
      <ul className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200">
        {duplicates.map((lead) => (
          <li key={lead.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {lead.firstName} {lead.lastName}{" "}
                {lead.isArchived ? (
                  <span className="ml-1 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700">
                    Archived
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">
                {lead.email} · {lead.company} · {formatGBP(lead.estimatedValue)}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <StatusBadge status={lead.status} />
              {lead.isArchived ? (
                <Form method="post" action={action}>
                  <IdempotencyKeyField />
                  <input type="hidden" name="leadId" value={lead.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="restore-duplicate"
                    className={buttonClass.secondary}
                  >
                    Restore
                  </button>
                </Form>
              ) : (
                <AppLink to={openLeadHref(lead.id)} className={buttonClass.secondary}>
                  View
                </AppLink>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Form method="post" action={action} className="mt-6 flex flex-wrap justify-end gap-2">
        <IdempotencyKeyField />
        {Object.entries(values).map(([name, value]) =>
          typeof value === "string" && name !== "intent" ? (
            <input key={name} type="hidden" name={name} value={value} />
          ) : null,
        )}
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="skipDuplicateCheck" value="1" />
        {/* Back to the form, as it was filled in. */}
        <button type="submit" name="back" value="1" className={buttonClass.secondary}>
          Cancel
        </button>
        <StatusButton pending={creating} pendingText="Creating...">
          Create New Lead Anyway
        </StatusButton>
      </Form>
    </Modal>
  );
}
