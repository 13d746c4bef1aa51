import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePageActor } from "~/auth/current-user.server";
import { addContactIntent } from "~/screens/contacts/contact-actions.server";
import { addLeadIntent, restoreDuplicateIntent } from "~/screens/leads/add-lead.server";
import { currentDivision } from "~/models/actor.server";
import { getContact } from "~/models/contact.server";
import { listAssignableUsers } from "~/models/user.server";
import { nullIfRefused } from "~/utils/errors";
import { readForm } from "~/http/form.server";
import { dashboardView } from "./dashboard-view";

/** The Add New Lead dialog, filled in from a contact just saved (Create Contact & Add Lead). */
const leadDialogHref = (contactId: string) => dashboardView.href({}, { new: "lead", contact: contactId });

/**
 * The dashboard's own address, /, is this index route under the dashboard (dashboard-page.server.ts): it
 * has the page's dialogs, Add New Lead and Add New Contact, which post here with `?index`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const { new: dialog, contact: contactId } = dashboardView.dialogs(new URL(request.url).searchParams);
  const [assignableUsers, contact] = await Promise.all([
    dialog === "lead" ? listAssignableUsers(actor, division) : [],
    dialog === "lead" && contactId ? getContact(actor, contactId).catch(nullIfRefused) : null,
  ]);
  return { division, dialog, assignableUsers, contact };
}

/** The dashboard's dialogs: Add New Lead (with its duplicate step) and Add New Contact. */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "create":
      return addLeadIntent(actor, formData, "/");
    case "restore-duplicate":
      return restoreDuplicateIntent(actor, formData, "/");
    case "create-contact":
    case "create-contact-and-lead":
      return addContactIntent(actor, formData, { successTo: "/", leadDialogHref });
    default:
      throw new Response("Unknown form intent", { status: 400 });
  }
}
