import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { AddLeadDialog } from "~/components/leads/add-lead-dialog";
import { ConfirmDialog, type Confirmation } from "~/components/leads/confirm-dialog";
import { LeadDetailDialog } from "~/components/leads/lead-detail-dialog";
import { LeadFilters } from "~/components/leads/lead-filters";
import { LeadTable } from "~/components/leads/lead-table";
import { PageHeader } from "~/components/page-header";
import { countLeadTabs, getLead, getLeadDetail, listLeads, type Lead } from "~/models/lead.server";
import { currentDivision, listAssignableUsers, selectDivision } from "~/models/user.server";
import { isUuid } from "~/utils/api.server";
import { requirePageActor } from "~/utils/auth.server";
import { brandingFor } from "~/utils/divisions";
import { handleLeadsAction } from "~/utils/leads-actions.server";
import { LEADS_PAGE_SIZE, leadsHref, readLeadsView } from "~/utils/leads-url";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Leads | CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePageActor(request, context);
  const division = currentDivision(actor.user);
  const params = new URL(request.url).searchParams;
  const view = readLeadsView(params);

  // ?leadId=… opens that lead: its list (active, else archive), searched to its company, dialog open.
  const leadId = params.get("leadId");
  if (leadId !== null) {
    const lead = isUuid(leadId) ? await getLead(actor, leadId).catch(() => null) : null;
    if (!lead) {
      throw await redirectWithToast("/leads", {
        type: "error",
        title: "Error",
        description: "Could not open lead details.",
      });
    }
    if (lead.companyDivision !== division) {
      // The lead is in the user's other division: show it there.
      await selectDivision(actor.user, lead.companyDivision);
    }
    const tab = lead.isArchived ? "archive" : "active";
    throw redirect(
      leadsHref({ tab, q: lead.company }, { open: lead.id, edit: params.get("edit") === "true" && "true" }),
    );
  }

  const openId = params.get("open");
  const confirm = params.get("confirm");
  const bulkIds = params.getAll("ids").filter(isUuid);
  const query = { myLeadsOnly: view.mine, search: view.q, status: view.status || undefined };
  const [list, counts, detail, target] = await Promise.all([
    listLeads(actor, division, {
      ...query,
      archived: view.tab === "archive",
      sort: view.sort,
      direction: view.dir,
      limit: LEADS_PAGE_SIZE,
      offset: (view.page - 1) * LEADS_PAGE_SIZE,
    }),
    countLeadTabs(actor, division, query),
    openId && isUuid(openId) ? getLeadDetail(actor, openId).catch(() => null) : null,
    (confirm === "archive" || confirm === "restore") && isUuid(params.get("target"))
      ? getLead(actor, params.get("target")!).catch(() => null)
      : null,
  ]);
  const addOpen = params.get("new") === "1";
  const assignableUsers =
    detail || addOpen ? await listAssignableUsers(detail?.companyDivision ?? division) : [];
  const selectAll = params.get("all") === "1";
  return {
    division,
    view,
    leads: list.leads,
    total: list.total,
    counts,
    detail,
    edit: params.get("edit") === "true",
    assignableUsers,
    addOpen,
    confirm: confirmation(confirm, target, selectAll ? list.leads.map((lead) => lead.id) : bulkIds),
  };
}

function confirmation(kind: string | null, target: Lead | null, ids: string[]): Confirmation | null {
  if (target && (kind === "archive" || kind === "restore")) return { kind, lead: target };
  if (kind === "bulk-archive" || kind === "bulk-restore") return { kind, ids };
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePageActor(request, context);
  return handleLeadsAction(actor, request);
}

export default function LeadsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const brand = brandingFor(data.division);
  const { view } = data;
  return (
    <div>
      <PageHeader
        title="Lead Management"
        subtitle={brand.tagline}
        actions={
          <Link to={leadsHref(view, { new: "1" })} preventScrollReset className={buttonClass.primary}>
            <Icon name="plus" width={18} height={18} />
            Add New Lead
          </Link>
        }
      />
      <LeadFilters view={view} />
      <LeadTable view={view} leads={data.leads} total={data.total} counts={data.counts} />
      {data.addOpen ? (
        <AddLeadDialog
          division={data.division}
          view={view}
          users={data.assignableUsers}
          result={
            actionData && "intent" in actionData && actionData.intent === "create" ? actionData : undefined
          }
        />
      ) : null}
      {data.detail ? (
        <LeadDetailDialog
          key={`${data.detail.id}-${data.detail.version}`}
          lead={data.detail}
          view={view}
          edit={data.edit}
          assignableUsers={data.assignableUsers}
          result={
            actionData && "intent" in actionData && actionData.intent !== "create" ? actionData : undefined
          }
        />
      ) : null}
      {data.confirm ? <ConfirmDialog view={view} confirm={data.confirm} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
