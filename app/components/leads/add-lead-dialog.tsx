import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { Lead } from "~/models/lead.server";
import { leadFormSchema } from "~/models/lead.schema";
import { brandingFor, type Division } from "~/utils/divisions";
import { formatGBP } from "~/utils/format";
import { leadsHref, type LeadsView } from "~/utils/leads-url";
import { buttonClass } from "../forms";
import { Modal } from "../modal";
import { LeadFields, type AssignableUser } from "./lead-fields";
import { StatusBadge } from "./status-badge";

export type CreateResult = { result: SubmissionResult<string[]>; duplicates: SerializeFrom<Lead>[] };

/**
 * Add New Lead: the form, validated by the same schema in the browser and on the server; when the server
 * finds possible duplicates, the same dialog lists them as a second step.
 */
export function AddLeadDialog({
  division,
  view,
  users,
  result,
}: {
  division: Division;
  view: LeadsView;
  users: AssignableUser[];
  result?: CreateResult;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [form, fields] = useForm({
    id: "add-lead",
    lastResult: result?.duplicates.length ? undefined : result?.result,
    defaultValue: { status: "NEW" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadFormSchema }),
  });
  const closeHref = leadsHref(view);

  if (result?.duplicates.length) {
    return (
      <DuplicateStep view={view} duplicates={result.duplicates} values={result.result.initialValue ?? {}} />
    );
  }
  return (
    <Modal title="Add New Lead" closeHref={closeHref} size="lg">
      <p className="mb-4 text-sm text-slate-600">New lead for {brandingFor(division).fullName}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        {/* The division the dialog was opened for, even if the user switches in another tab meanwhile. */}
        <input type="hidden" name="companyDivision" value={division} />
        <LeadFields fields={fields} users={users} />
        {form.errors?.length ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Link to={closeHref} className={buttonClass.secondary}>
            Cancel
          </Link>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? "Creating..." : "Create Lead"}
          </button>
        </div>
      </Form>
    </Modal>
  );
}

function DuplicateStep({
  view,
  duplicates,
  values,
}: {
  view: LeadsView;
  duplicates: SerializeFrom<Lead>[];
  values: Record<string, unknown>;
}) {
  const closeHref = leadsHref(view);
  return (
    <Modal title="Possible Duplicate Leads" closeHref={closeHref} size="lg">
      <p className="text-sm text-slate-700">
        {duplicates.length === 1 ? "A lead" : `${duplicates.length} leads`} with the same e-mail or name
        already exist in this division.
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
                <Form method="post">
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
                <Link
                  to={leadsHref({ q: lead.company }, { open: lead.id })}
                  className={buttonClass.secondary}
                >
                  View
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-2">
        {Object.entries(values).map(([name, value]) =>
          typeof value === "string" && name !== "intent" ? (
            <input key={name} type="hidden" name={name} value={value} />
          ) : null,
        )}
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="skipDuplicateCheck" value="1" />
        <Link to={closeHref} className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" className={buttonClass.primary}>
          Create New Lead Anyway
        </button>
      </Form>
    </Modal>
  );
}
