import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { MISSING_INFORMATION } from "./contact-toasts";
import { brandingFor, type Division } from "~/utils/divisions";
import type { ToastInput } from "~/utils/toast";
import { useIsPending } from "~/components/use-is-pending";
import { AppLink } from "~/components/app-link";
import { buttonClass, FormErrors, StatusButton } from "~/components/forms";
import { Modal } from "~/components/modal";
import { useResultToast, useToast } from "~/components/toaster";
import { ContactFields } from "./contact-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";

export type ContactFormResult = { intent: string; result: SubmissionResult<string[]>; toast?: ToastInput };

/**
 * Add New Contact (SPEC.md section 2): the six fields with company suggestions, 'Create Contact', and
 * 'Create Contact & Add Lead', which saves and then opens Add New Lead for that company and person. It posts
 * to `action` and closes to `closeHref` (docs/decisions/002-screens.md).
 */
export function AddContactDialog({
  division,
  action,
  closeHref,
  result,
}: {
  division: Division;
  action: string;
  closeHref: string;
  result?: ContactFormResult;
}) {
  const showToast = useToast();
  useResultToast(result);
  const creating = useIsPending({ intent: "create-contact", formAction: action });
  const creatingWithLead = useIsPending({ intent: "create-contact-and-lead", formAction: action });
  const [form, fields] = useSchemaForm("contact", {
    id: "add-contact",
    lastResult: result?.result,
  });
  return (
    <Modal title="Add New Contact" closeHref={closeHref} size="lg">
      <p className="mb-4 text-sm text-slate-600">New contact for {brandingFor(division).fullName}</p>
      <Form method="post" action={action} {...getFormProps(form)}>
        <IdempotencyKeyField />
        <input type="hidden" name="companyDivision" value={division} />
        <ContactFields fields={fields} suggestFor={division} />
        {result?.toast?.title === MISSING_INFORMATION.title && form.errors?.length ? (
          // The toast's title as well as its message: without JavaScript no toast shows (SPEC.md sections 5, 8).
          <div id={form.errorId} role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">{MISSING_INFORMATION.title}</p>
            <p>{form.errors.join(" ")}</p>
          </div>
        ) : (
          <FormErrors id={form.errorId} errors={form.errors} />
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <AppLink to={closeHref} className={buttonClass.secondary}>
            Cancel
          </AppLink>
          {/* Either button waits for the other's submission: two clicks would make two contacts. */}
          <StatusButton
            name="intent"
            value="create-contact"
            pending={creating}
            disabled={creatingWithLead}
            className={buttonClass.secondary}
          >
            Create Contact
          </StatusButton>
          <StatusButton
            name="intent"
            value="create-contact-and-lead"
            pending={creatingWithLead}
            disabled={creating}
            onClick={(event) => {
              // SPEC.md section 5: a lead needs the names and the company; say so before anything is sent.
              const data = new FormData(event.currentTarget.form!);
              const blank = ["firstName", "lastName", "company"].some(
                (name) => !String(data.get(name) ?? "").trim(),
              );
              if (blank) showToast(MISSING_INFORMATION);
            }}
          >
            Create Contact &amp; Add Lead
          </StatusButton>
        </div>
      </Form>
    </Modal>
  );
}
