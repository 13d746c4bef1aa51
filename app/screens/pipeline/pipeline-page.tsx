import { Outlet, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { pageTitle } from "~/components/page-title";
import { brandingFor } from "~/utils/divisions";
import { LeadFilters } from "~/screens/leads/lead-filters";
import { ListBoardSwitch } from "~/screens/leads/list-board-switch";
import type { loader } from "./pipeline-page.server";
import { Board, ColumnSwitcher } from "./pipeline-board";
import { boardHref, listHref } from "./pipeline-view";

export const meta = pageTitle("Pipeline | CRM");

/** /pipeline: the division's active leads by status under the lead list's filters (SPEC.md's statuses). */
export function PipelinePage() {
  const { division, view, board, columns, owners } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title="Pipeline"
        subtitle={brandingFor(division).tagline}
        actions={<ListBoardSwitch listHref={listHref(view)} boardHref={boardHref(view)} current="board" />}
      />
      <LeadFilters view={view} owners={owners} path="/pipeline" />
      <ColumnSwitcher columns={columns} view={view} board={board} />
      <Board columns={columns} view={view} board={board} moveAction={boardHref(view, board)} />
      {/* A card's lead (/pipeline/lead/{id}), over the board. */}
      <Outlet />
    </div>
  );
}
