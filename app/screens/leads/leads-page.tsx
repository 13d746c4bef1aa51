import type { action, loader } from "./leads-page.server";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { AddLeadDialog } from "./add-lead-dialog";
import { LeadFilters } from "./lead-filters";
import { LeadTable } from "./lead-table";
import { SavedViewBar } from "./saved-view-forms";
import { PageHeader } from "~/components/page-header";
import { leadsView, type LeadsView } from "./leads-view";
import { brandingFor } from "~/utils/divisions";
import { pageTitle } from "~/components/page-title";
import { boardHref } from "~/screens/pipeline/pipeline-view";
import { ListBoardSwitch } from "./list-board-switch";

export const meta = pageTitle("Leads | CRM");

export function LeadsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { view } = data;
  const listHref = leadsView.href(view);
  return (
    <div>
      <PageHeader
        title="Lead Management"
        subtitle={brandingFor(data.division).tagline}
        actions={
          <>
            <ListBoardSwitch listHref={listHref} boardHref={boardHref(view)} current="list" />
            <AppLink
              to={leadsView.href(view, { new: "1" })}
              preventScrollReset
              className={buttonClass.primary}
            >
              <Icon name="plus" width={18} height={18} />
              Add New Lead
            </AppLink>
          </>
        }
      />
      {data.savedView ? (
        <SavedViewBar view={view} saved={data.savedView.view} mine={data.savedView.mine} />
      ) : null}
      <LeadFilters view={view} owners={data.assignableUsers} />
      <LeadTable
        view={view}
        leadIds={data.leadIds}
        leads={data.leads}
        total={data.total}
        counts={data.counts}
      />
      {data.addOpen ? (
        <AddLeadDialog
          division={data.division}
          action={leadsView.href(view, { new: "1" })}
          closeHref={listHref}
          users={data.assignableUsers}
          result={actionData && "duplicates" in actionData ? actionData : undefined}
        />
      ) : null}
      {data.confirm ? <LeadConfirmDialog view={view} confirm={data.confirm} /> : null}
      <Outlet />
    </div>
  );
}

/** SPEC.md section 4's confirmations before archiving or restoring, one lead or the selected ones. */
function LeadConfirmDialog({
  view,
  confirm,
}: {
  view: LeadsView;
  confirm: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["confirm"]>;
}) {
  const listHref = leadsView.href(view);
  const archiving = confirm.kind === "archive" || confirm.kind === "bulk-archive";
  const ids = "ids" in confirm ? confirm.ids : [confirm.lead.id];
  const many = ids.length !== 1;
  const title = `${archiving ? "Archive" : "Restore"} ${many ? "Leads" : "Lead"}`;
  if (ids.length === 0) {
    return (
      <ConfirmDialog
        title={title}
        message="Select at least one lead first."
        action={listHref}
        closeHref={listHref}
      />
    );
  }
  return (
    <ConfirmDialog
      title={title}
      tone={archiving ? "danger" : "default"}
      details={
        "lead" in confirm
          ? `${confirm.lead.firstName} ${confirm.lead.lastName}, ${confirm.lead.company}`
          : undefined
      }
      message={
        archiving
          ? many
            ? `YOU ARE ABOUT TO TRASH THESE ${ids.length} LEADS`
            : "YOU ARE ABOUT TO TRASH THIS LEAD"
          : many
            ? `Are you sure you want to restore these ${ids.length} leads?`
            : "Are you sure you want to restore this lead?"
      }
      action={listHref}
      closeHref={listHref}
      intent={confirm.kind}
      hidden={"lead" in confirm ? [["leadId", confirm.lead.id]] : ids.map((id) => ["ids", id])}
    />
  );
}
