import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
} from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { adminView, AUDIT_PAGE_SIZE, type AdminView } from "./admin-view";
import { type AuditCounts, type AuditLogEntry } from "~/models/audit.schema";
import { ACTION_LABELS, AUDIT_ACTIONS } from "~/models/audit";
import { type User } from "~/models/user.schema";
import { ROLES } from "~/models/user";
import { DIVISIONS } from "~/utils/divisions";
import { formatCount, formatDateTime } from "~/utils/format";
import { errorToast, type ToastInput } from "~/utils/toast";
import { useHydrated } from "~/components/use-hydrated";
import { useIsPending } from "~/components/use-is-pending";
import { AppLink } from "~/components/app-link";
import {
  buttonClass,
  CheckboxGroupField,
  Field,
  FormErrors,
  SelectField,
  StatusButton,
} from "~/components/forms";
import { Icon } from "~/components/icons";
import { Pager } from "~/components/list";
import { Modal } from "~/components/modal";
import { useResultToast, useToast } from "~/components/toaster";
import { useJsonFetch } from "~/components/use-json-fetch";
import { isLoggedOut } from "~/utils/json-fetch";
import { useTimeZone } from "~/components/time-zone";
import { useSchemaForm } from "~/components/use-schema-form";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";

export type AdminFormResult = { intent: string; result: SubmissionResult<string[]>; toast?: ToastInput };

/** Create User (SPEC.md section 5 "Create user form"). */
export function CreateUserDialog({ view, result }: { view: AdminView; result?: AdminFormResult }) {
  useResultToast(result);
  const action = adminView.href(view, { new: "user" });
  const pending = useIsPending({ intent: "create-user", formAction: action });
  const [form, fields] = useSchemaForm("createUser", {
    id: "create-user",
    lastResult: result?.intent === "create-user" ? result.result : undefined,
    defaultValue: { role: "SALES_USER" },
  });
  const companies = getCollectionProps(fields.companies, { type: "checkbox", options: [...DIVISIONS] });
  return (
    <Modal title="Create User" closeHref={adminView.href(view)} size="lg">
      <Form method="post" action={action} {...getFormProps(form)}>
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="create-user" />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            label="First Name"
            {...getInputProps(fields.firstName, { type: "text" })}
            errors={fields.firstName.errors}
          />
          <Field
            label="Last Name"
            {...getInputProps(fields.lastName, { type: "text" })}
            errors={fields.lastName.errors}
          />
          <Field
            label="Email"
            {...getInputProps(fields.email, { type: "email" })}
            errors={fields.email.errors}
            autoComplete="off"
          />
          <Field
            label="Password"
            {...getInputProps(fields.password, { type: "password" })}
            errors={fields.password.errors}
            autoComplete="new-password"
          />
          <SelectField label="Role" {...getSelectProps(fields.role)} errors={fields.role.errors}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role === "ADMIN" ? "Admin" : "Sales User"}
              </option>
            ))}
          </SelectField>
          <CheckboxGroupField
            legend="Companies"
            id={fields.companies.id}
            errors={fields.companies.errors}
            options={companies.map(({ key, ...props }) => ({ ...props, key, label: props.value }))}
          />
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <AppLink to={adminView.href(view)} className={buttonClass.secondary}>
            Cancel
          </AppLink>
          <StatusButton pending={pending} pendingText="Creating...">
            Create User
          </StatusButton>
        </div>
      </Form>
    </Modal>
  );
}

/**
 * Set a password for a user who has none (POST) or change one (PATCH): SPEC.md section 5 "Set or change
 * password form", typed twice.
 */
export function PasswordDialog({
  view,
  user,
  result,
}: {
  view: AdminView;
  user: SerializeFrom<User>;
  result?: AdminFormResult;
}) {
  useResultToast(result);
  const intent = user.hasPassword ? "change-password" : "set-password";
  const action = adminView.href(view, { password: user.id });
  const pending = useIsPending({ intent, formAction: action });
  const [form, fields] = useSchemaForm("password", {
    id: `password-${user.id}`,
    // Either intent's answer is this form's: a set refused because another admin set one meanwhile comes
    // back to the dialog that now changes it (the page reads its data again on a 409).
    lastResult:
      result?.intent === "set-password" || result?.intent === "change-password" ? result.result : undefined,
  });
  const title = user.hasPassword ? "Change Password" : "Set Password";
  return (
    <Modal title={title} closeHref={adminView.href(view)}>
      <p className="mb-4 text-sm text-slate-600">
        {user.firstName} {user.lastName} ({user.email})
      </p>
      <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="userId" value={user.id} />
        <Field
          label={user.hasPassword ? "New Password" : "Password"}
          {...getInputProps(fields.password, { type: "password" })}
          errors={fields.password.errors}
          autoComplete="new-password"
        />
        <Field
          label="Confirm Password"
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          errors={fields.confirmPassword.errors}
          autoComplete="new-password"
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap justify-end gap-2">
          <AppLink to={adminView.href(view)} className={buttonClass.secondary}>
            Cancel
          </AppLink>
          <StatusButton pending={pending} pendingText="Saving...">
            {title}
          </StatusButton>
        </div>
      </Form>
    </Modal>
  );
}

type AuditPage = { asearch: string; aaction: AdminView["aaction"]; apage: number };
type AuditEntry = SerializeFrom<AuditLogEntry>;

/**
 * The page of the log the dialog shows. Without JavaScript it is the loader's (the search form is a GET and
 * the pager links); with it, searching, filtering and paging read `GET /api/admin/audit-log` in place.
 */
function useAuditPage(view: AdminView, entries: AuditEntry[], total: number) {
  const jsonFetch = useJsonFetch();
  const showToast = useToast();
  const [live, setLive] = useState<{ page: AuditPage; entries: AuditEntry[]; total: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const request = useRef<AbortController | null>(null);
  // New loader data (a navigation, a revalidation) replaces what the API read.
  useEffect(() => setLive(null), [entries]);
  useEffect(() => () => request.current?.abort(), []);
  const page = live?.page ?? { asearch: view.asearch, aaction: view.aaction, apage: view.apage };

  async function load(next: AuditPage) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    const query = new URLSearchParams({
      search: next.asearch,
      action: next.aaction,
      limit: String(AUDIT_PAGE_SIZE),
      offset: String((next.apage - 1) * AUDIT_PAGE_SIZE),
    });
    setLoading(true);
    try {
      const { items, total } = await jsonFetch.list<AuditEntry>(`/api/admin/audit-log?${query}`, {
        signal: controller.signal,
      });
      setLive({ page: next, entries: items, total });
    } catch (error) {
      if (!controller.signal.aborted && !isLoggedOut(error))
        showToast(errorToast("Failed to load audit log"));
    } finally {
      if (request.current === controller) setLoading(false);
    }
  }
  return { page, entries: live?.entries ?? entries, total: live?.total ?? total, loading, load };
}

/**
 * The Audit Log (SPEC.md "Admin"): the counts, a search and an action filter, and the entries newest first in
 * a 400px list, a page at a time, from the server's log.
 */
export function AuditLogDialog({
  view,
  entries: loaded,
  total: loadedTotal,
  counts,
}: {
  view: AdminView;
  entries: AuditEntry[];
  total: number;
  counts: AuditCounts;
}) {
  const timeZone = useTimeZone();
  const hydrated = useHydrated();
  const { page, entries, total, loading, load } = useAuditPage(view, loaded, loadedTotal);
  const closeHref = adminView.href({ ...view, audit: false, asearch: "", aaction: "", apage: 1 });
  const figures: [string, number][] = [
    ["Total events", counts.total],
    ["Logins", counts.logins],
    ["Records created", counts.created],
    ["Exports", counts.exports],
  ];
  const filterFrom = (form: HTMLFormElement): AuditPage => {
    const data = new FormData(form);
    return {
      asearch: String(data.get("asearch") ?? "").slice(0, 200),
      aaction: String(data.get("aaction") ?? "") as AuditPage["aaction"],
      apage: 1,
    };
  };
  return (
    <Modal title="Audit Log" closeHref={closeHref} size="xl">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-xl font-bold text-slate-900">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <Form
        method="get"
        action="/admin"
        role="search"
        className="mt-4 flex flex-wrap gap-2"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          void load(filterFrom(event.currentTarget));
        }}
      >
        {adminView.hiddenFields(view, ["q", "page", "audit"]).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="audit-search" className="sr-only">
          Search the audit log
        </label>
        <input
          id="audit-search"
          type="search"
          name="asearch"
          defaultValue={page.asearch}
          maxLength={200}
          placeholder="Search by user, resource, details or address..."
          className="block min-w-[12rem] flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
        />
        <label htmlFor="audit-action" className="sr-only">
          Action
        </label>
        <select
          id="audit-action"
          name="aaction"
          defaultValue={page.aaction}
          onChange={(event) => hydrated && void load(filterFrom(event.currentTarget.form!))}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">All Actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {ACTION_LABELS[action]}
            </option>
          ))}
        </select>
        <button type="submit" className={buttonClass.secondary}>
          <Icon name="search" width={16} height={16} /> Filter
        </button>
      </Form>
      <div
        className="mt-4 h-[400px] overflow-y-auto rounded-md border border-slate-200"
        tabIndex={0}
        role="region"
        aria-label="Audit entries"
        aria-busy={loading}
      >
        {entries.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-600">No audit entries found.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <li key={entry.id} className="p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                    {ACTION_LABELS[entry.action]}
                  </span>
                  <time className="text-xs text-slate-600" dateTime={new Date(entry.timestamp).toISOString()}>
                    {formatDateTime(entry.timestamp, timeZone)}
                  </time>
                </div>
                <p className="mt-1 text-slate-900">
                  <span className="font-medium">{entry.userName || "Unknown user"}</span> · {entry.details}
                </p>
                <p className="mt-0.5 text-xs break-all text-slate-600">
                  {entry.resource} · {entry.ipAddress ?? "-"} · {entry.userAgent || "-"}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Pager
        page={page.apage}
        pageSize={AUDIT_PAGE_SIZE}
        total={total}
        href={(apage) => adminView.href({ ...view, ...page, apage })}
        label="Audit pages"
        onPage={hydrated ? (apage) => void load({ ...page, apage }) : undefined}
      />
    </Modal>
  );
}
