import { AppLink } from "./app-link";
import { buttonClass } from "./forms";
import { Icon } from "./icons";
import { formatCount } from "~/utils/format";

/**
 * The list kit's pieces (docs/decisions/002-screens.md). Each takes an href builder from the page's
 * list state (utils/list-state.ts), so paging, sorting and tabs are plain links that work without JavaScript.
 */

type Direction = "asc" | "desc";

/**
 * 'Showing a to b of n results' (counts grouped), with Previous, the page numbers and Next. The numbers are
 * links to any page ("1 ... 5 6 7 ... 1,100"); where the pager is narrow (a phone, a side panel) it shows
 * fewer of them ("1 ... 6 ... 1,100"), so it never widens its list.
 */
export function Pager({
  page,
  pageSize,
  total,
  href,
  label = "Pages",
  onPage,
  cap,
}: {
  page: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
  /** The pager's name, where a page has more than one list. */
  label?: string;
  /** With JavaScript, turn the page in place (a list read from the JSON API) instead of following the link. */
  onPage?: (page: number) => void;
  /** Where the total's count stopped (formatCount): past it the pager says "of 10,000+". */
  cap?: number;
}) {
  // A page past the end (an old link after deletions) shows none, with the way back.
  const past = (page - 1) * pageSize >= total;
  const first = past ? 0 : (page - 1) * pageSize + 1;
  const last = past ? 0 : Math.min(total, page * pageSize);
  const pages = Math.ceil(total / pageSize);
  const numbers = (siblings: number, className: string) =>
    pages > 1 ? (
      <PageNumbers
        slots={pageWindow(page, pages, siblings)}
        page={page}
        href={href}
        onPage={onPage}
        className={className}
      />
    ) : null;
  return (
    <footer className="@container border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          Showing {formatCount(first)} to {formatCount(last)} of {formatCount(total, cap)} results
        </p>
        <nav aria-label={label} className="flex flex-wrap items-center gap-1">
          <PageLink
            to={page > 1 ? href(page - 1) : null}
            label="Previous"
            onClick={onPage && (() => onPage(page - 1))}
          />
          {/* Two windows, one shown at a time by the pager's own width (a container query), so the server's
              markup fits before any script runs. */}
          {numbers(1, "hidden @md:flex")}
          {numbers(0, "flex @md:hidden")}
          <PageLink
            to={!past && last < total ? href(page + 1) : null}
            label="Next"
            onClick={onPage && (() => onPage(page + 1))}
          />
        </nav>
      </div>
    </footer>
  );
}

/** A slot of the page numbers: a page, or a gap for the pages left out. */
export type PageSlot = number | "gap";

/**
 * The page numbers a pager shows on `page` of `pages`: the first, the last, the current one with `siblings`
 * pages either side, and gaps for the rest. Past `5 + 2 * siblings` pages it is always that many slots, so the
 * pager keeps its width as the reader moves on: near an end the current page's side shows more pages instead of
 * a gap ("1 2 3 4 5 ... 1,100", "1 ... 5 6 7 ... 1,100", "1 ... 1,096 1,097 1,098 1,099 1,100"). A gap always
 * stands for two pages or more.
 */
export function pageWindow(page: number, pages: number, siblings = 1): PageSlot[] {
  const slots = 5 + 2 * siblings;
  if (pages <= slots) return range(1, pages);
  const current = Math.min(Math.max(page, 1), pages);
  if (current <= siblings + 3) return [...range(1, slots - 2), "gap", pages];
  if (current >= pages - siblings - 2) return [1, "gap", ...range(pages - slots + 3, pages)];
  return [1, "gap", ...range(current - siblings, current + siblings), "gap", pages];
}

function range(from: number, to: number) {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

const pageNumberClass =
  "inline-flex min-w-9 items-center justify-center rounded-md border px-2 py-2 text-sm font-medium";

function PageNumbers({
  slots,
  page,
  href,
  onPage,
  className,
}: {
  slots: PageSlot[];
  page: number;
  href: (page: number) => string;
  onPage?: (page: number) => void;
  className: string;
}) {
  return (
    // Spans rather than a list: the items of a list a pager sits under are its records.
    <span className={`items-center gap-1 ${className}`}>
      {slots.map((slot, i) =>
        slot === "gap" ? (
          // Three full stops rather than an ellipsis character: one character beyond Latin-1 makes a busy
          // page a two-byte string (docs/decisions/012-pages-rendered-whole.md).
          <span key={`gap-${i}`} aria-hidden="true" className="px-0.5 text-slate-500">
            ...
          </span>
        ) : (
          <PageLink
            key={slot}
            to={href(slot)}
            label={formatCount(slot)}
            ariaLabel={`Page ${formatCount(slot)}`}
            current={slot === page}
            className={`${pageNumberClass} ${
              slot === page
                ? "border-slate-800 bg-slate-800 text-white"
                : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
            }`}
            onClick={onPage && (() => onPage(slot))}
          />
        ),
      )}
    </span>
  );
}

function PageLink({
  to,
  label,
  ariaLabel,
  current = false,
  className = `${buttonClass.secondary} @max-md:px-2`,
  onClick,
}: {
  to: string | null;
  label: string;
  ariaLabel?: string;
  current?: boolean;
  className?: string;
  onClick?: () => void;
}) {
  if (!to) {
    return (
      <span aria-disabled="true" className={`${className} cursor-not-allowed opacity-50`}>
        {label}
      </span>
    );
  }
  return (
    <AppLink
      to={to}
      aria-label={ariaLabel}
      aria-current={current ? "page" : undefined}
      className={className}
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
