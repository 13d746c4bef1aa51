import { getFormProps } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { type Contact } from "~/models/contact.schema";
import { useIsPending } from "~/components/use-is-pending";
import { AppLink } from "~/components/app-link";
import { buttonClass, FormErrors, StatusButton } from "~/components/forms";
import { Modal } from "~/components/modal";
import { useResultToast } from "~/components/toaster";
import type { ContactFormResult } from "./add-contact-dialog";
import { ContactFields } from "./contact-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";

/**
 * 'Edit Contact: {first name}' (SPEC.md "Contacts"). Leaving e-mail or phone blank keeps what is stored
 * (they are sent only when filled in).
 */
export function EditContactDialog({
  contact,
  action,
  closeHref,
  result,
}: {
  contact: SerializeFrom<Contact>;
  action: string;
  closeHref: string;
  result?: ContactFormResult;
}) {
  useResultToast(result);
  const pending = useIsPending({ intent: "update-contact", formAction: action });
  const [form, fields] = useSchemaForm("contact", {
    id: `edit-contact-${contact.id}`,
    lastResult: result?.result,
    defaultValue: {
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email ?? "",
      phone: contact.phone ?? "",
      company: contact.company,
      position: contact.position ?? "",
    },
  });
  return (
    <Modal title={`Edit Contact: ${contact.firstName}`} closeHref={closeHref} size="lg">
      <Form method="post" action={action} {...getFormProps(form)}>
        <IdempotencyKeyField />
        <input type="hidden" name="intent" value="update-contact" />
        <input type="hidden" name="contactId" value={contact.id} />
        <ContactFields fields={fields} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <AppLink to={closeHref} className={buttonClass.secondary}>
            Cancel
          </AppLink>
          <StatusButton pending={pending} pendingText="Saving...">
            Save Changes
          </StatusButton>
        </div>
      </Form>
    </Modal>
  );
}
