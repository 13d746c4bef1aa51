import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddContactDialog } from "~/screens/contacts/add-contact-dialog";
import { QuickActions, RecentActivity, RecentLeads, StatCards } from "~/screens/dashboard/dashboard-panels";
import { DivisionLogo } from "~/components/division-logo";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddLeadDialog } from "~/screens/leads/add-lead-dialog";
import { requirePageActor } from "~/auth/current-user.server";
import { addContactIntent } from "~/screens/contacts/contact-actions.server";
import { addLeadIntent, restoreDuplicateIntent } from "~/screens/leads/add-lead.server";
import { currentDivision } from "~/models/actor.server";
import { getContact } from "~/models/contact.server";
import { leadRow } from "~/models/lead";
import { dashboardStats } from "~/models/dashboard.server";
import { listLeadPage } from "~/models/lead.server";
import { listAssignableUsers } from "~/models/user.server";
import { brandingFor } from "~/utils/divisions";
import { nullIfRefused } from "~/utils/errors";
import { readForm } from "~/http/form.server";
import { isUuid } from "~/utils/ids";

export const meta: MetaFunction = () => [{ title: "Dashboard | CRM" }];

/**
 * The Add New Lead dialog, filled in from a contact just saved (Create Contact & Add Lead). The dialogs post to
 * "/?index&...": `index` makes the dashboard's own action answer, not the shell's.
 */
const leadDialogHref = (contactId: string) => `/?new=lead&contact=${contactId}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const params = new URL(request.url).searchParams;
  const dialog = params.get("new");
  const contactId = params.get("contact");
  const [stats, recent, assignableUsers, contact] = await Promise.all([
    dashboardStats(actor, division),
    listLeadPage(actor, division, { archived: false }, { limit: 5 }),
    dialog === "lead" ? listAssignableUsers(actor, division) : [],
    dialog === "lead" && isUuid(contactId) ? getContact(actor, contactId).catch(nullIfRefused) : null,
  ]);
  return {
    division,
    firstName: actor.user.firstName,
    stats,
    recentLeads: recent.leads.map(leadRow),
    dialog: dialog === "lead" || dialog === "contact" ? dialog : null,
    assignableUsers,
    contact,
  };
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

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const brand = brandingFor(data.division);
  return (
    <div className="space-y-6">
      <h1 className="sr-only">Dashboard</h1>
      <section
        aria-label="Welcome"
        className={`${brand.headerClass} flex items-center gap-4 rounded-xl p-6 shadow`}
      >
        <DivisionLogo division={brand.division} className="h-14 w-14 shrink-0" />
        <div className="min-w-0">
          <p className="text-sm opacity-90">Welcome back{data.firstName ? `, ${data.firstName}` : ""}</p>
          <h2 className="text-2xl font-bold">{brand.title}</h2>
          <p className="font-medium">{brand.fullName}</p>
          <p className="mt-1 text-sm opacity-90">{brand.tagline}</p>
        </div>
      </section>
      <StatCards stats={data.stats} />
      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-3">
        <RecentLeads leads={data.recentLeads} />
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 2xl:grid-cols-1 2xl:content-start">
          <QuickActions division={data.division} />
          <RecentActivity leads={data.recentLeads.slice(0, 3)} />
        </div>
      </div>
      {data.dialog === "lead" ? (
        <AddLeadDialog
          division={data.division}
          action={`/?index&new=lead${data.contact ? `&contact=${data.contact.id}` : ""}`}
          closeHref="/"
          users={data.assignableUsers}
          contact={data.contact}
          result={actionData && "duplicates" in actionData ? actionData : undefined}
        />
      ) : null}
      {data.dialog === "contact" ? (
        <AddContactDialog
          division={data.division}
          action="/?index&new=contact"
          closeHref="/"
          result={actionData && !("duplicates" in actionData) ? actionData : undefined}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
