import { AppLink } from "~/components/app-link";

/** The List/Board switch of /leads and /pipeline: the same leads under the same filters, as a list or a board. */
export function ListBoardSwitch({
  listHref,
  boardHref,
  current,
}: {
  listHref: string;
  boardHref: string;
  current: "list" | "board";
}) {
  const className = (active: boolean) =>
    `rounded px-3 py-1.5 text-sm font-medium ${active ? "bg-slate-800 text-white" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <nav aria-label="View" className="flex rounded-md border border-slate-200 bg-white p-0.5">
      <AppLink
        to={listHref}
        aria-current={current === "list" ? "page" : undefined}
        className={className(current === "list")}
      >
        List
      </AppLink>
      <AppLink
        to={boardHref}
        aria-current={current === "board" ? "page" : undefined}
        className={className(current === "board")}
      >
        Board
      </AppLink>
    </nav>
  );
}
