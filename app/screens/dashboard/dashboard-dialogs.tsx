import type { action, loader } from "./dashboard-dialogs.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddContactDialog } from "~/screens/contacts/add-contact-dialog";
import { AddLeadDialog } from "~/screens/leads/add-lead-dialog";
import { dashboardActionHref } from "./dashboard-view";

/** Add New Lead and Add New Contact over the dashboard, opened by its `new` parameter. */
export function DashboardDialogs() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.dialog === "lead") {
    return (
      <AddLeadDialog
        division={data.division}
        action={dashboardActionHref({ new: "lead", contact: data.contact?.id })}
        closeHref="/"
        users={data.assignableUsers}
        contact={data.contact}
        result={actionData && "duplicates" in actionData ? actionData : undefined}
      />
    );
  }
  if (data.dialog === "contact") {
    return (
      <AddContactDialog
        division={data.division}
        action={dashboardActionHref({ new: "contact" })}
        closeHref="/"
        result={actionData && !("duplicates" in actionData) ? actionData : undefined}
      />
    );
  }
  return null;
}
