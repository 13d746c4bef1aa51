import { AppLink } from "./app-link";
import { buttonClass } from "./forms";
import { Icon } from "./icons";

/**
 * The list kit's pieces (docs/decisions/002-screens.md). Each takes an href builder from the page's
 * list state (utils/list-state.ts), so paging, sorting and tabs are plain links that work without JavaScript.
 */

type Direction = "asc" | "desc";

/** 'Showing a to b of n results' with Previous and Next. */
export function Pager({
  page,
  pageSize,
  total,
  href,
  label = "Pages",
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
  /** The pager's name, where a page has more than one list. */
  label?: string;
  /** With JavaScript, turn the page in place (a list read from the JSON API) instead of following the link. */
  onPage?: (page: number) => void;
}) {
  // A page past the end (an old link after deletions) shows none, with the way back.
  const past = (page - 1) * pageSize >= total;
  const first = past ? 0 : (page - 1) * pageSize + 1;
  const last = past ? 0 : Math.min(total, page * pageSize);
  return (
    <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
      <p>
        Showing {first} to {last} of {total} results
      </p>
      <nav aria-label={label} className="flex gap-2">
        <PageLink
          to={page > 1 ? href(page - 1) : null}
          label="Previous"
          onClick={onPage && (() => onPage(page - 1))}
        />
        <PageLink
          to={!past && last < total ? href(page + 1) : null}
          label="Next"
          onClick={onPage && (() => onPage(page + 1))}
        />
      </nav>
    </footer>
  );
}

function PageLink({ to, label, onClick }: { to: string | null; label: string; onClick?: () => void }) {
  if (!to) {
    return (
      <span aria-disabled="true" className={`${buttonClass.secondary} cursor-not-allowed opacity-50`}>
        {label}
      </span>
    );
  }
  return (
    <AppLink
      to={to}
      className={buttonClass.secondary}
      onClick={(event) => {
        // A click meant for a new tab keeps the link.
        if (!onClick || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onClick();
      }}
    >
      {label}
    </AppLink>
  );
}

/** A column header that sorts by its column: first in the column's default direction, then the other way. */
export function SortHeader<Sort extends string>({
  label,
  sort,
  current,
  defaultDirection,
  href,
}: {
  label: string;
  sort: Sort;
  current: { sort: Sort; dir: Direction };
  defaultDirection: Direction;
  href: (sort: Sort, dir: Direction) => string;
}) {
  const active = current.sort === sort;
  const next = active ? (current.dir === "asc" ? "desc" : "asc") : defaultDirection;
  return (
    <th
      scope="col"
      className="cell"
      aria-sort={active ? (current.dir === "asc" ? "ascending" : "descending") : "none"}
    >
      <AppLink
        to={href(sort, next)}
        className="inline-flex items-center gap-1 text-left hover:text-slate-900"
      >
        {label}
        <Icon
          name={active ? `sort-${current.dir}` : "sort"}
          width={14}
          height={14}
          className={active ? undefined : "text-slate-400"}
        />
      </AppLink>
    </th>
  );
}

/** Tabs that are links: the current one is marked aria-current. */
export function Tabs({
  label,
  tabs,
}: {
  label: string;
  tabs: { label: string; href: string; current: boolean }[];
}) {
  return (
    <nav aria-label={label} className="flex border-b border-slate-200 px-2">
      {tabs.map((tab) => (
        <AppLink
          key={tab.href}
          to={tab.href}
          aria-current={tab.current ? "page" : undefined}
          className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
            tab.current
              ? "border-slate-800 text-slate-900"
              : "border-transparent text-slate-600 hover:text-slate-900"
          }`}
        >
          {tab.label}
        </AppLink>
      ))}
    </nav>
  );
}
