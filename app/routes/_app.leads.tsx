import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { AddLeadDialog } from "~/screens/leads/add-lead-dialog";
import { LeadFilters } from "~/screens/leads/lead-filters";
import { LEAD_ROWS, LeadTable } from "~/screens/leads/lead-table";
import { PageHeader } from "~/components/page-header";
import { requirePageActor } from "~/auth/current-user.server";
import { leadsPageAction } from "~/screens/leads/leads-actions.server";
import { leadsPageList } from "~/screens/leads/leads-page.server";
import { leadsView, type LeadsView } from "~/screens/leads/leads-view";
import { openLeadRedirect } from "~/screens/leads/open-lead.server";
import { currentDivision } from "~/models/actor.server";
import type { Lead } from "~/models/lead.schema";
import { getLead } from "~/models/lead.server";
import { listAssignableUsers } from "~/models/user.server";
import { brandingFor } from "~/utils/divisions";
import { documentOnly } from "~/utils/document-data";
import { nullIfRefused } from "~/utils/errors";
import { isUuid } from "~/utils/ids";

export const meta: MetaFunction = () => [{ title: "Leads | CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const params = new URL(request.url).searchParams;
  const leadId = params.get("leadId");
  if (leadId !== null) {
    throw await openLeadRedirect(actor, leadId, {
      edit: params.get("edit") === "true",
      from: params.get("from"),
    });
  }

  const requested = leadsView.read(params);
  const confirm = params.get("confirm");
  const target = params.get("target");
  const addOpen = params.get("new") === "1";
  const [{ list, counts, page }, targetLead, assignableUsers] = await Promise.all([
    leadsPageList(actor, division, requested),
    (confirm === "archive" || confirm === "restore") && isUuid(target)
      ? getLead(actor, target).catch(nullIfRefused)
      : null,
    addOpen ? listAssignableUsers(actor, division) : [],
  ]);
  // Ticked rows win; "select all" alone (without JavaScript) means every row of this page as shown.
  const ticked = params.getAll("ids").filter(isUuid);
  const selected = ticked.length || params.get("all") !== "1" ? ticked : list.leads.map((lead) => lead.id);
  return {
    division,
    view: { ...requested, page },
    leadIds: list.leads.map((lead) => lead.id),
    // A document's rows are in its HTML only (docs/decisions/015-rows-travel-once.md).
    leads: documentOnly(context, LEAD_ROWS, list.leads),
    total: list.total,
    counts,
    addOpen,
    assignableUsers,
    confirm: confirmation(confirm, targetLead, selected),
  };
}

type Confirmation =
  { kind: "archive" | "restore"; lead: Lead } | { kind: "bulk-archive" | "bulk-restore"; ids: string[] };

function confirmation(kind: string | null, lead: Lead | null, ids: string[]): Confirmation | null {
  if (lead && (kind === "archive" || kind === "restore")) return { kind, lead };
  if (kind === "bulk-archive" || kind === "bulk-restore") return { kind, ids };
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return leadsPageAction(await requirePageActor(request, context), request);
}

export default function LeadsPage() {
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
          <AppLink to={leadsView.href(view, { new: "1" })} preventScrollReset className={buttonClass.primary}>
            <Icon name="plus" width={18} height={18} />
            Add New Lead
          </AppLink>
        }
      />
      <LeadFilters view={view} />
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
