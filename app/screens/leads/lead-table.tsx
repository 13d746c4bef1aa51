import { Form } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { hasFilters, LEADS_PAGE_SIZE, leadsView, type LeadsView } from "./leads-view";
import { DEFAULT_SORT_DIRECTION, type LeadSort } from "~/models/lead";
import { useDocumentData } from "~/utils/document-data";
import { useHydrated } from "~/components/use-hydrated";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { Pager, SortHeader, Tabs } from "~/components/list";
import { useTimeZone } from "~/components/time-zone";
import { COUNT_CAP, formatCount } from "~/utils/format";
import { leadRowsHtml, type ListLead } from "./lead-rows-html";

// The date column sorts by last update in the active tab and by archived date in the archive.
const COLUMNS: { sort: LeadSort; label: string; archive?: { sort: LeadSort; label: string } }[] = [
  { sort: "company", label: "Company" },
  { sort: "contact", label: "Contact" },
  { sort: "status", label: "Status" },
  { sort: "value", label: "Value" },
  { sort: "owner", label: "Owner/Assigned" },
  { sort: "updated", label: "Last Update", archive: { sort: "archived", label: "Archived Date" } },
];

/** The key under which the /leads loader keeps a document's rows for its render only (utils/document-data.tsx). */
export const LEAD_ROWS = "lead-rows";

/**
 * The two tabs, the sortable table (cards on a phone) with selection and row actions, and the pager. `leads` is null for the
 * page's document, whose rows the server writes and the browser keeps (docs/decisions/015-rows-travel-once.md).
 */
export function LeadTable({
  view,
  leadIds,
  leads,
  total,
  counts,
}: {
  view: LeadsView;
  leadIds: string[];
  leads: ListLead[] | null;
  total: number;
  counts: { active: number; archived: number };
}) {
  const hydrated = useHydrated();
  const archive = view.tab === "archive";
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const allSelected = leadIds.length > 0 && leadIds.every((id) => selected.has(id));
  // A searched list's counts stop past the cap (leads-page.server.ts).
  const cap = view.q ? COUNT_CAP : undefined;

  // The rows are markup (lead-rows-html.ts), so their boxes keep their own state: the selection is read
  // from them, and put back on them when changed rows replace them.
  const timeZone = useTimeZone();
  const documentLeads = useDocumentData<ListLead[]>(LEAD_ROWS);
  const rowLeads = leads ?? documentLeads;
  // The document's rows as the browser holds them, read once as it hydrates.
  const [documentRowsHtml] = useState(() =>
    rowLeads ? "" : (document.getElementById(LEAD_ROWS)?.innerHTML ?? ""),
  );
  const rowsHtml = rowLeads ? leadRowsHtml(rowLeads, view, timeZone) : documentRowsHtml;
  const body = useRef<HTMLTableSectionElement>(null);
  const rowBoxes = () => [...(body.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? [])];
  const readSelection = () =>
    setSelected(new Set(rowBoxes().flatMap((box) => (box.checked ? [box.value] : []))));
  const shown = leadIds.join();
  const latest = useRef({ shown: null as string | null, selected });
  latest.current.selected = selected;
  useEffect(() => {
    const before = latest.current.shown;
    latest.current.shown = shown;
    // Just hydrated: boxes ticked before the JavaScript ran count.
    if (before === null) return readSelection();
    // A new page, sort, tab or list after a change: what was ticked is no longer on screen.
    if (before !== shown) return setSelected(new Set());
    // The same leads, one of them changed (edited in its dialog): they stay ticked.
    for (const box of rowBoxes()) box.checked = latest.current.selected.has(box.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the rows' markup is replaced
  }, [rowsHtml]);
  const selectAll = (checked: boolean) => {
    for (const box of rowBoxes()) box.checked = checked;
    readSelection();
  };

  // A row's box ticked. (Its actions are AppLinks in markup, which the document's handler follows.)
  const handleRowClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLInputElement).name === "ids") readSelection();
  };

  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm" aria-label="Leads">
      <Tabs
        label="Lead lists"
        tabs={[
          {
            label: `Active Leads (${formatCount(counts.active, cap)})`,
            href: tabHref(view, "active"),
            current: !archive,
          },
          {
            label: `Archive (${formatCount(counts.archived, cap)})`,
            href: tabHref(view, "archive"),
            current: archive,
          },
        ]}
      />

      {/* Selection is a GET to a confirmation step; the boxes below belong to this form by its id. */}
      <Form
        id="bulk-form"
        method="get"
        action="/leads"
        className="flex flex-wrap items-center gap-3 px-4 py-2"
      >
        {/* The whole view: the confirmation step shows the list as it is, and "select all" means its rows. */}
        {leadsView
          .hiddenFields(view, ["tab", "q", "status", "mine", "sort", "dir", "page"])
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <input type="hidden" name="confirm" value={archive ? "bulk-restore" : "bulk-archive"} />
        {/* With JavaScript the button waits for a ticked row; without, the confirmation step says if none is. */}
        <button
          type="submit"
          className={buttonClass.secondary}
          disabled={leadIds.length === 0 || (hydrated && selected.size === 0)}
        >
          <Icon name={archive ? "restore" : "trash"} width={16} height={16} />
          {archive ? "Restore selected" : "Archive selected"}
          {selected.size ? ` (${selected.size})` : ""}
        </button>
      </Form>

      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label={archive ? "Archived leads" : "Active leads"}
        onClick={handleRowClick}
      >
        {/* Below md, a list of cards whose header row is the sort bar (.lead-cards in tailwind.css). */}
        <table className="lead-cards min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="w-10 px-2 py-3">
                <input
                  type="checkbox"
                  name="all"
                  value="1"
                  form="bulk-form"
                  aria-label="Select all leads on this page"
                  checked={allSelected}
                  onChange={() => selectAll(!allSelected)}
                />
              </th>
              {COLUMNS.map((column) => {
                const { sort, label } = (archive && column.archive) || column;
                return (
                  <SortHeader
                    key={sort}
                    label={label}
                    sort={sort}
                    current={view}
                    defaultDirection={DEFAULT_SORT_DIRECTION[sort]}
                    href={(sort, dir) => leadsView.href({ ...view, sort, dir, page: 1 })}
                  />
                );
              })}
              <th scope="col" className="cell text-right">
                Actions
              </th>
            </tr>
          </thead>
          {leadIds.length === 0 ? (
            <tbody key="empty">
              <tr>
                <td colSpan={8} className="px-4 py-10 text-center text-slate-600">
                  {emptyText(view)}
                </td>
              </tr>
            </tbody>
          ) : (
            <tbody
              key="rows"
              id={LEAD_ROWS}
              ref={body}
              className="divide-y divide-slate-100"
              dangerouslySetInnerHTML={{ __html: rowsHtml }}
            />
          )}
        </table>
      </div>

      <Pager
        page={view.page}
        pageSize={LEADS_PAGE_SIZE}
        total={total}
        cap={cap}
        href={(page) => leadsView.href({ ...view, page })}
      />
    </section>
  );
}

/** The other tab keeps the filters and a column sort; a date sort becomes that tab's own date. */
function tabHref(view: LeadsView, tab: LeadsView["tab"]) {
  const dateSort = view.sort === "updated" || view.sort === "archived";
  return leadsView.href({ ...view, tab, page: 1, ...(dateSort ? { sort: undefined, dir: undefined } : {}) });
}

function emptyText(view: LeadsView) {
  const filtered = hasFilters(view);
  if (view.tab === "archive")
    return filtered ? "No archived leads match the current filters." : "No archived leads found.";
  return filtered
    ? "No leads match the current filters."
    : "No leads found. Create your first lead to get started.";
}
