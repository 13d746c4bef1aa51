import type { action, loader } from "./dashboard-page.server";
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddContactDialog } from "~/screens/contacts/add-contact-dialog";
import { QuickActions, RecentActivity, RecentLeads, StatCards } from "./dashboard-panels";
import { DivisionLogo } from "~/components/division-logo";
import { AddLeadDialog } from "~/screens/leads/add-lead-dialog";
import { brandingFor } from "~/utils/divisions";
import { dashboardActionHref } from "./dashboard-view";

export const meta: MetaFunction = () => [{ title: "Dashboard | CRM" }];

export function DashboardPage() {
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
          action={dashboardActionHref({ new: "lead", contact: data.contact?.id })}
          closeHref="/"
          users={data.assignableUsers}
          contact={data.contact}
          result={actionData && "duplicates" in actionData ? actionData : undefined}
        />
      ) : null}
      {data.dialog === "contact" ? (
        <AddContactDialog
          division={data.division}
          action={dashboardActionHref({ new: "contact" })}
          closeHref="/"
          result={actionData && !("duplicates" in actionData) ? actionData : undefined}
        />
      ) : null}
    </div>
  );
}
