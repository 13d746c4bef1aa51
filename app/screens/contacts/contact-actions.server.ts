import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { currentDivision, type Actor } from "~/models/actor.server";
import { contactFormSchema } from "~/models/contact.schema";
import { createContact, updateContact } from "~/models/contact.server";
import { isDivision } from "~/utils/divisions";
import { isRefusal } from "~/utils/errors";
import { invalidReply, refusalReply, requireFormId } from "~/http/page-action.server";
import { successToast } from "~/utils/toast";
import { redirectWithToast } from "~/http/toast.server";
import { CONTACT_SAVED, MISSING_INFORMATION } from "./contact-toasts";

/**
 * The Add New Contact dialog's two buttons, for whichever page opened it: 'Create Contact' saves and goes to
 * `successTo`; 'Create Contact & Add Lead' saves and goes to `leadDialogHref(contact)`, the Add New Lead
 * dialog filled in from the contact (SPEC.md section 5 "Create Contact & Add Lead").
 */
export async function addContactIntent(
  actor: Actor,
  formData: FormData,
  { successTo, leadDialogHref }: { successTo: string; leadDialogHref: (contactId: string) => string },
) {
  const andLead = formData.get("intent") === "create-contact-and-lead";
  const intent = andLead ? ("create-contact-and-lead" as const) : ("create-contact" as const);
  const submission = parseWithZod(formData, { schema: contactFormSchema });
  if (submission.status !== "success") {
    const missing = ["firstName", "lastName", "company"].some((field) => submission.error?.[field]);
    if (andLead && missing) {
      return data(
        {
          intent,
          result: submission.reply({ formErrors: [MISSING_INFORMATION.description!] }),
          toast: MISSING_INFORMATION,
        },
        { status: 400 },
      );
    }
    return invalidReply(intent, submission.reply());
  }
  const posted = formData.get("companyDivision");
  const division = isDivision(posted) ? posted : currentDivision(actor.user);
  try {
    const contact = await createContact(actor, division, submission.value);
    return andLead
      ? redirectWithToast(leadDialogHref(contact.id), CONTACT_SAVED)
      : redirectWithToast(successTo, successToast("Contact created successfully"));
  } catch (error) {
    // SPEC.md section 8 "Contacts": a failed create shows the server's message, else 'Failed to create contact'.
    const failure = (isRefusal(error) && error.message) || "Failed to create contact";
    return refusalReply(intent, error, (options) => submission.reply(options), failure);
  }
}

/**
 * The edit modal: the same fields and checks as the contact form. E-mail and phone are sent only when filled
 * in (SPEC.md section 5 "Contact edit"), so leaving them blank keeps what is stored; a blank position clears it.
 */
export async function updateContactIntent(actor: Actor, formData: FormData, successTo: string) {
  const submission = parseWithZod(formData, { schema: contactFormSchema });
  if (submission.status !== "success") return invalidReply("update-contact", submission.reply());
  const { email, phone, position, ...names } = submission.value;
  try {
    await updateContact(actor, requireFormId(formData, "contactId"), {
      ...names,
      position: position ?? null,
      ...(email ? { email } : {}),
      ...(phone ? { phone } : {}),
    });
  } catch (error) {
    return refusalReply(
      "update-contact",
      error,
      (options) => submission.reply(options),
      "Failed to update contact",
    );
  }
  return redirectWithToast(successTo, successToast("Contact updated successfully"));
}
