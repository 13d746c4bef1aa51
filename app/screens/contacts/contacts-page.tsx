import type { action, loader } from "./contacts-page.server";
import { Form, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { AddContactDialog } from "./add-contact-dialog";
import { ContactCard } from "./contact-card";
import { ContactTable } from "./contact-table";
import { ContactView } from "./contact-view";
import { EditContactDialog } from "./edit-contact-dialog";
import { LeadReportList, LeadReportsMenu, useReportPicked } from "./lead-reports";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { AddLeadDialog } from "~/screens/leads/add-lead-dialog";
import { Pager } from "~/components/list";
import { PageHeader } from "~/components/page-header";
import { useFieldFollowing } from "~/components/use-field-following";
import { useSearchAsYouType } from "~/components/use-search-as-you-type";
import { CONTACTS_PAGE_SIZE, contactLeadHref, contactsView, type ContactsView } from "./contacts-view";
import { brandingFor } from "~/utils/divisions";
import { pageTitle } from "~/components/page-title";

export const meta = pageTitle("Contacts | CRM");

export function ContactsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { view } = data;
  const searchRef = useFieldFollowing<HTMLInputElement>(view.q);
  const typeAhead = useSearchAsYouType();
  const reportPicked = useReportPicked(view.report);
  const here = contactsView.href(view);
  if (data.mode === "contact") {
    const contactId = data.contact.id;
    return (
      <>
        <ContactView
          contact={data.contact}
          leads={data.leads}
          total={data.total}
          backHref={here}
          leadHref={(leadId, options) => contactLeadHref(view, leadId, { contactId, ...options })}
        />
        <Outlet />
      </>
    );
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
      {data.report ? (
        <LeadReportList
          view={view}
          counts={data.counts}
          leads={data.report.leads}
          total={data.report.total}
          picked={reportPicked}
        />
      ) : null}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Form
          method="get"
          action="/contacts"
          role="search"
          className="flex min-w-[12rem] flex-1 flex-wrap gap-3"
          onSubmit={typeAhead.onSubmit}
        >
          <label htmlFor="contact-search" className="sr-only">
            Search contacts
          </label>
          <input
            id="contact-search"
            type="search"
            name="q"
            ref={searchRef}
            defaultValue={view.q}
            onChange={typeAhead.onSearchChange}
            placeholder="Search by company name or contact details..."
            className="block min-w-[12rem] flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
          />
          {contactsView.hiddenFields(view, ["report", "layout"]).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClass.secondary}>
            <Icon name="search" width={16} height={16} />
            Search
          </button>
        </Form>
        <LayoutSwitch view={view} />
      </div>
      {data.contacts.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center text-slate-600">
          {view.q
            ? "No contacts match the current search."
            : "No contacts found. Create your first contact to get started."}
        </p>
      ) : (
        <section aria-label="Contacts">
          {view.layout === "table" ? (
            <ContactTable contacts={data.contacts} view={view} className="max-md:hidden" />
          ) : null}
          {/* The table's cards too below `md`: a table of contacts does not fit a phone. */}
          <ul
            className={`grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 ${view.layout === "table" ? "md:hidden" : ""}`}
          >
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
      <Outlet />
    </div>
  );
}

/** Cards or Table, a link each (the table only from `md`, so the switch is not offered below it). */
function LayoutSwitch({ view }: { view: ContactsView }) {
  const option = (layout: ContactsView["layout"], label: string) => (
    <AppLink
      to={contactsView.href({ ...view, layout })}
      preventScrollReset
      aria-current={view.layout === layout ? "true" : undefined}
      className={`rounded px-3 py-1.5 text-sm font-medium ${
        view.layout === layout ? "bg-slate-800 text-white" : "text-slate-700 hover:bg-slate-100"
      }`}
    >
      {label}
    </AppLink>
  );
  return (
    <nav aria-label="Layout" className="flex rounded-md border border-slate-200 bg-white p-0.5 max-md:hidden">
      {option("cards", "Cards")}
      {option("table", "Table")}
    </nav>
  );
}
