import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePageActor } from "~/auth/current-user.server";
import { addContactIntent, updateContactIntent } from "./contact-actions.server";
import { CONTACTS_PAGE_SIZE, contactsView, REPORT_PAGE_SIZE, type ContactsView } from "./contacts-view";
import { addLeadIntent, restoreDuplicateIntent } from "~/screens/leads/add-lead.server";
import { currentDivision, type Actor } from "~/models/actor.server";
import { getContact, listContactPage, listRelatedLeads } from "~/models/contact.server";
import { countLeadsByStatus, listLeadPage } from "~/models/lead-list.server";
import { listAssignableUsers } from "~/models/user.server";
import type { Division } from "~/utils/divisions";
import { nullIfRefused } from "~/utils/errors";
import { readForm } from "~/http/form.server";
import { isUuid } from "~/utils/ids";
import { pageOrLast } from "~/utils/page-or-last";
import { COUNT_CAP } from "~/utils/format";

/**
 * /contacts: the grid (cards or a table), the chosen Lead Report, and, as parameters of the page, the full-screen
 * contact (?contactId=), the edit modal (?edit=), Add New Contact (?new=contact) and, after 'Create Contact &
 * Add Lead', Add New Lead for that contact (?new=lead&contact=). A lead opens over the grid or the contact as a
 * child route, /contacts/lead/{id}?{this query} (routes/_app.contacts.lead.$leadId.tsx).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const params = new URL(request.url).searchParams;
  const view = contactsView.read(params);

  const { contactId, new: dialog, edit: editId, contact: leadFor } = contactsView.dialogs(params);
  if (contactId) {
    const [contact, related] = await Promise.all([
      getContact(actor, contactId).catch(nullIfRefused),
      listRelatedLeads(actor, contactId).catch(nullIfRefused),
    ]);
    if (contact && related) {
      return {
        mode: "contact" as const,
        division,
        view,
        contact,
        leads: related.leads,
        total: related.total,
      };
    }
  }

  const [grid, counts, report, editing, assignableUsers, leadContact] = await Promise.all([
    pageOrLast(
      view.page,
      CONTACTS_PAGE_SIZE,
      (page) =>
        listContactPage(
          actor,
          division,
          { search: view.q, expanded: isUuid(view.expanded) ? view.expanded : null },
          { limit: CONTACTS_PAGE_SIZE, offset: (page - 1) * CONTACTS_PAGE_SIZE },
          { countUpTo: COUNT_CAP },
        ),
      (page) => page.contacts,
    ),
    countLeadsByStatus(actor, division),
    reportList(actor, division, view),
    editId ? getContact(actor, editId).catch(nullIfRefused) : null,
    dialog === "lead" ? listAssignableUsers(actor, division) : [],
    dialog === "lead" && leadFor ? getContact(actor, leadFor).catch(nullIfRefused) : null,
  ]);
  const { page, ...contacts } = grid;
  return {
    mode: "grid" as const,
    division,
    view: { ...view, page },
    ...contacts,
    counts,
    report,
    editing,
    dialog,
    assignableUsers,
    leadContact,
  };
}

/** The chosen Lead Report: the division's active leads of one status, or all of them, newest update first. */
function reportList(actor: Actor, division: Division, view: ContactsView) {
  if (!view.report) return null;
  return listLeadPage(
    actor,
    division,
    { archived: false, status: view.report === "ALL" ? undefined : view.report },
    { limit: REPORT_PAGE_SIZE, offset: (view.rpage - 1) * REPORT_PAGE_SIZE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const formData = await readForm(request);
  const view = contactsView.read(new URL(request.url).searchParams);
  const here = contactsView.href(view);
  switch (formData.get("intent")) {
    case "create-contact":
    case "create-contact-and-lead":
      return addContactIntent(actor, formData, {
        successTo: here,
        leadDialogHref: (contactId) => contactsView.href(view, { new: "lead", contact: contactId }),
      });
    case "update-contact":
      return updateContactIntent(actor, formData, here);
    case "create":
      return addLeadIntent(actor, formData, here);
    case "restore-duplicate":
      return restoreDuplicateIntent(actor, formData, here);
    default:
      throw new Response("Unknown form intent", { status: 400 });
  }
}
