import type { action, loader } from "./contacts-page.server";
import type { MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { AddContactDialog } from "./add-contact-dialog";
import { ContactCard } from "./contact-card";
import { ContactView } from "./contact-view";
import { EditContactDialog } from "./edit-contact-dialog";
import { LeadReportList, LeadReportsMenu } from "./lead-reports";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { AddLeadDialog } from "~/screens/leads/add-lead-dialog";
import { Pager } from "~/components/list";
import { PageHeader } from "~/components/page-header";
import { useFieldFollowing } from "~/components/use-field-following";
import { CONTACTS_PAGE_SIZE, contactsView } from "./contacts-view";
import { brandingFor } from "~/utils/divisions";

export const meta: MetaFunction = () => [{ title: "Contacts | CRM" }];

export function ContactsPage() {
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
