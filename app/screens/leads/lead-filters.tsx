import { Form } from "@remix-run/react";
import { LEAD_STATUSES, STATUS_FILTER_LABELS } from "~/models/lead";
import { leadsView, type LeadsView } from "./leads-view";
import { AppLink } from "~/components/app-link";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { useFieldFollowing } from "~/components/use-field-following";
import { useSearchAsYouType } from "~/components/use-search-as-you-type";

/**
 * Search, status and owner filters, of the lead list or (`path`) the pipeline board. A GET form, so the filters are in the URL and work without JavaScript;
 * with it, the list follows as the user types or picks (components/use-search-as-you-type.ts).
 */
export function LeadFilters({ view, path = "/leads" }: { view: LeadsView; path?: string }) {
  const search = useSearchAsYouType();
  const searchRef = useFieldFollowing<HTMLInputElement>(view.q);
  const statusRef = useFieldFollowing<HTMLSelectElement>(view.status);
  const toggleClass = (active: boolean) =>
    `rounded px-3 py-1.5 text-sm font-medium ${active ? "bg-slate-800 text-white" : "text-slate-700 hover:bg-slate-100"}`;

  return (
    <div className="mb-4 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <Form
        method="get"
        action={path}
        role="search"
        className="flex flex-wrap items-end gap-3"
        aria-label="Filter leads"
        onSubmit={search.onSubmit}
      >
        {leadsView.hiddenFields(view, ["tab", "mine", "sort", "dir"]).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="min-w-[12rem] flex-1">
          <label htmlFor="lead-search" className="sr-only">
            Search leads
          </label>
          <input
            id="lead-search"
            type="search"
            name="q"
            ref={searchRef}
            defaultValue={view.q}
            placeholder="Search leads..."
            onChange={search.onSearchChange}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:ring-2 focus:ring-slate-400 focus:outline-none"
          />
        </div>
        <div>
          <label htmlFor="lead-status" className="sr-only">
            Status
          </label>
          <select
            id="lead-status"
            name="status"
            ref={statusRef}
            defaultValue={view.status}
            onChange={(event) => search.submitSoon(event.currentTarget.form, 0)}
            className="block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
          >
            <option value="">All Statuses</option>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_FILTER_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass.secondary}>
          <Icon name="search" width={16} height={16} />
          Search
        </button>
      </Form>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Whose leads" className="flex rounded-md border border-slate-200 p-0.5">
          <AppLink
            to={leadsView.href({ ...view, mine: false, page: 1 }, {}, path)}
            aria-current={!view.mine ? "true" : undefined}
            className={toggleClass(!view.mine)}
          >
            All Team Leads
          </AppLink>
          <AppLink
            to={leadsView.href({ ...view, mine: true, page: 1 }, {}, path)}
            aria-current={view.mine ? "true" : undefined}
            className={toggleClass(view.mine)}
          >
            My Leads Only
          </AppLink>
        </nav>
        <AppLink
          to={leadsView.href({ tab: view.tab, sort: view.sort, dir: view.dir }, {}, path)}
          className="text-sm font-medium text-slate-700 underline hover:text-slate-900"
        >
          Clear Filters
        </AppLink>
      </div>
    </div>
  );
}
