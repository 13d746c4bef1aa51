import { Form } from "@remix-run/react";
import { LEAD_STATUSES, STATUS_FILTER_LABELS } from "~/models/lead";
import type { AssignableUser } from "~/models/user.schema";
import { leadsView, moreFilterCount, type LeadsView } from "./leads-view";
import { AppLink } from "~/components/app-link";
import { buttonClass, CheckboxGroupField, Field, SelectField } from "~/components/forms";
import { Icon } from "~/components/icons";
import { useFieldFollowing } from "~/components/use-field-following";
import { useSearchAsYouType } from "~/components/use-search-as-you-type";
import { SaveViewForm } from "./saved-view-forms";

/**
 * Search, status and owner filters of the lead list or (`path`) the pipeline board, and "More filters"
 * (statuses, owner, value, dates, overdue follow-ups) folded in a <details>. A GET form, so the filters are in the URL and work without JavaScript; with it, the
 * list follows as the user types or picks (components/use-search-as-you-type.ts).
 *
 * The status select picks one status; "More filters" ticks several. Both send `status`, and the list is any
 * of those sent: the select's one is not ticked again below, and with several ticked the select shows
 * "Several statuses" and sends none.
 */
export function LeadFilters({
  view,
  owners,
  path = "/leads",
}: {
  view: LeadsView;
  owners: AssignableUser[];
  path?: string;
}) {
  const search = useSearchAsYouType();
  const searchRef = useFieldFollowing<HTMLInputElement>(view.q);
  const single = view.status.length === 1 ? view.status[0] : "";
  const statusRef = useFieldFollowing<HTMLSelectElement>(single);
  const toggleClass = (active: boolean) =>
    `rounded px-3 py-1.5 text-sm font-medium ${active ? "bg-slate-800 text-white" : "text-slate-700 hover:bg-slate-100"}`;
  const moreCount = moreFilterCount(view);

  return (
    <div className="mb-4 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <Form method="get" action={path} role="search" aria-label="Filter leads" onSubmit={search.onSubmit}>
        {leadsView.hiddenFields(view, ["tab", "mine", "sort", "dir", "layout"]).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-wrap items-end gap-3">
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
              defaultValue={single}
              onChange={(event) => {
                // A status picked here is the only one: the ticks below go.
                const form = event.currentTarget.form;
                form
                  ?.querySelectorAll<HTMLInputElement>('input[name="status"]')
                  .forEach((box) => (box.checked = false));
                search.submitSoon(form, 0);
              }}
              className="block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
            >
              <option value="">{view.status.length > 1 ? "Several statuses" : "All Statuses"}</option>
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
        </div>
        {/* Keyed by the URL, so that its fields show the filters again after any navigation. */}
        <details key={leadsView.href(view)} open={moreCount > 0} className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-slate-700">
            More filters{moreCount ? ` (${moreCount})` : ""}
          </summary>
          <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <CheckboxGroupField
              legend="Statuses"
              id="lead-statuses"
              className="col-span-2 lg:col-span-4"
              options={LEAD_STATUSES.map((status) => ({
                type: "checkbox",
                name: "status",
                value: status,
                label: STATUS_FILTER_LABELS[status],
                defaultChecked: view.status.length > 1 && view.status.includes(status),
              }))}
            />
            <SelectField
              label="Owner"
              id="lead-owner"
              name="owner"
              defaultValue={view.owner}
              className="col-span-2 lg:col-span-1"
            >
              <option value="">Anyone</option>
              <option value="me">Me</option>
              {owners.map((user) => (
                <option key={user.id} value={user.id}>
                  {`${user.firstName} ${user.lastName}`.trim() || user.email}
                </option>
              ))}
            </SelectField>
            <Field
              label="Value from (GBP)"
              className="min-w-0"
              id="lead-min-value"
              name="minValue"
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              defaultValue={view.minValue ?? ""}
            />
            <Field
              label="Value up to (GBP)"
              className="min-w-0"
              id="lead-max-value"
              name="maxValue"
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              defaultValue={view.maxValue ?? ""}
            />
            <Field
              label="Created from"
              className="min-w-0"
              id="lead-created-from"
              name="createdFrom"
              type="date"
              defaultValue={view.createdFrom}
            />
            <Field
              label="Created up to"
              className="min-w-0"
              id="lead-created-to"
              name="createdTo"
              type="date"
              defaultValue={view.createdTo}
            />
            <Field
              label="Updated from"
              className="min-w-0"
              id="lead-updated-from"
              name="updatedFrom"
              type="date"
              defaultValue={view.updatedFrom}
            />
            <Field
              label="Updated up to"
              className="min-w-0"
              id="lead-updated-to"
              name="updatedTo"
              type="date"
              defaultValue={view.updatedTo}
            />
            <label className="col-span-2 flex items-center gap-2 self-end pb-2 text-sm text-slate-800 lg:col-span-1">
              <input
                type="checkbox"
                name="overdue"
                value="1"
                defaultChecked={view.overdue}
                className="h-4 w-4 rounded border-slate-300"
              />
              Has an overdue follow-up
            </label>
            <div className="self-end">
              <button type="submit" className={buttonClass.primary}>
                Apply filters
              </button>
            </div>
          </div>
        </details>
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
        <div className="flex flex-wrap items-center gap-3">
          <SaveViewForm view={view} />
          <AppLink
            to={leadsView.href({ tab: view.tab, sort: view.sort, dir: view.dir }, {}, path)}
            className="text-sm font-medium text-slate-700 underline hover:text-slate-900"
          >
            Clear Filters
          </AppLink>
        </div>
      </div>
    </div>
  );
}
