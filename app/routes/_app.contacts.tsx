import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { AddContactDialog } from "~/screens/contacts/add-contact-dialog";
import { ContactCard } from "~/screens/contacts/contact-card";
import { ContactView } from "~/screens/contacts/contact-view";
import { EditContactDialog } from "~/screens/contacts/edit-contact-dialog";
import { LeadReportList, LeadReportsMenu } from "~/screens/contacts/lead-reports";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { AddLeadDialog } from "~/screens/leads/add-lead-dialog";
import { Pager } from "~/components/list";
import { PageHeader } from "~/components/page-header";
import { useFieldFollowing } from "~/components/use-field-following";
import { requirePageActor } from "~/auth/current-user.server";
import { addContactIntent, updateContactIntent } from "~/screens/contacts/contact-actions.server";
import {
  CONTACTS_PAGE_SIZE,
  contactsView,
  REPORT_PAGE_SIZE,
  type ContactsView,
} from "~/screens/contacts/contacts-view";
import { addLeadIntent, restoreDuplicateIntent } from "~/screens/leads/add-lead.server";
import { currentDivision, type Actor } from "~/models/actor.server";
import { getContact, listContactPage, listRelatedLeads } from "~/models/contact.server";
import { countLeadsByStatus, listLeadPage } from "~/models/lead.server";
import { listAssignableUsers } from "~/models/user.server";
import type { Division } from "~/utils/divisions";
import { brandingFor } from "~/utils/divisions";
import { nullIfRefused } from "~/utils/errors";
import { readForm } from "~/http/form.server";
import { isUuid } from "~/utils/ids";
import { pageOrLast } from "~/utils/page-or-last";

export const meta: MetaFunction = () => [{ title: "Contacts | CRM" }];

/**
 * /contacts: the grid, the Lead Reports list under it, and, as parameters of the page, the full-screen
 * contact (?contactId=), the edit modal (?edit=), Add New Contact (?new=contact) and, after 'Create Contact &
 * Add Lead', Add New Lead for that contact (?new=lead&contact=).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const params = new URL(request.url).searchParams;
  const view = contactsView.read(params);

  const contactId = params.get("contactId");
  if (isUuid(contactId)) {
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

  const dialog = params.get("new");
  const editId = params.get("edit");
  const leadFor = params.get("contact");
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
        ),
      (page) => page.contacts,
    ),
    countLeadsByStatus(actor, division),
    reportList(actor, division, view),
    isUuid(editId) ? getContact(actor, editId).catch(nullIfRefused) : null,
    dialog === "lead" ? listAssignableUsers(actor, division) : [],
    dialog === "lead" && isUuid(leadFor) ? getContact(actor, leadFor).catch(nullIfRefused) : null,
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
    dialog: dialog === "contact" || dialog === "lead" ? dialog : null,
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

export default function ContactsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { view } = data;
  const searchRef = useFieldFollowing<HTMLInputElement>(view.q);
  const here = contactsView.href(view);
  if (data.mode === "contact") {
    return <ContactView contact={data.contact} leads={data.leads} total={data.total} backHref={here} />;
  }
  const contactResult =
    actionData && "intent" in actionData && !("duplicates" in actionData) ? actionData : undefined;
  return (
    <div>
      <PageHeader
        title="Contact Management"
        subtitle={brandingFor(data.division).tagline}
        actions={
          <>
            <LeadReportsMenu view={view} counts={data.counts} />
            <AppLink
              to={contactsView.href(view, { new: "contact" })}
              preventScrollReset
              className={buttonClass.primary}
            >
              <Icon name="plus" width={18} height={18} />
              Add New Contact
            </AppLink>
          </>
        }
      />
      <Form method="get" action="/contacts" role="search" className="mb-4 flex flex-wrap gap-3">
        <label htmlFor="contact-search" className="sr-only">
          Search contacts
        </label>
        <input
          id="contact-search"
          type="search"
          name="q"
          ref={searchRef}
          defaultValue={view.q}
          placeholder="Search by company name or contact details..."
          className="block min-w-[12rem] flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
        />
        {contactsView.hiddenFields(view, ["report"]).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={buttonClass.secondary}>
          <Icon name="search" width={16} height={16} />
          Search
        </button>
      </Form>
      {data.contacts.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center text-slate-600">
          {view.q
            ? "No contacts match the current search."
            : "No contacts found. Create your first contact to get started."}
        </p>
      ) : (
        <section aria-label="Contacts">
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.contacts.map((contact) => (
              <ContactCard key={contact.id} contact={contact} view={view} />
            ))}
          </ul>
          <div className="mt-4 rounded-lg border border-slate-200 bg-white">
            <Pager
              page={view.page}
              pageSize={CONTACTS_PAGE_SIZE}
              total={data.total}
              href={(page) => contactsView.href({ ...view, page })}
            />
          </div>
        </section>
      )}
      {data.report ? (
        <LeadReportList
          view={view}
          counts={data.counts}
          leads={data.report.leads}
          total={data.report.total}
        />
      ) : null}
      {data.editing ? (
        <EditContactDialog
          contact={data.editing}
          action={contactsView.href(view, { edit: data.editing.id })}
          closeHref={here}
          result={contactResult}
        />
      ) : null}
      {data.dialog === "contact" ? (
        <AddContactDialog
          division={data.division}
          action={contactsView.href(view, { new: "contact" })}
          closeHref={here}
          result={contactResult}
        />
      ) : null}
      {data.dialog === "lead" ? (
        <AddLeadDialog
          division={data.division}
          action={contactsView.href(view, { new: "lead", contact: data.leadContact?.id })}
          closeHref={here}
          users={data.assignableUsers}
          contact={data.leadContact}
          result={actionData && "duplicates" in actionData ? actionData : undefined}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
