import { Form, Outlet, useLoaderData, type MetaFunction } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { buttonClass } from "~/components/forms";
import { ArchivedBadge, searchGroups } from "~/components/global-search";
import { Icon } from "~/components/icons";
import { PageHeader } from "~/components/page-header";
import { useFieldFollowing } from "~/components/use-field-following";
import { useSearchAsYouType } from "~/components/use-search-as-you-type";
import { titleWithDue } from "~/components/page-title";
import type { loader } from "./search-page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: titleWithDue(matches, data?.view.q ? `${data.view.q} | Search | CRM` : "Search | CRM") },
];

/** The global search as a page: its form (following the typing with JavaScript) and the groups found. */
export function SearchPage() {
  const { view, found } = useLoaderData<typeof loader>();
  const searchRef = useFieldFollowing<HTMLInputElement>(view.q);
  const typeAhead = useSearchAsYouType();
  const groups = found ? searchGroups(found, view.q) : [];
  return (
    <>
      <PageHeader title="Search" subtitle="Leads, contacts and companies of this division" />
      <Form
        method="get"
        action="/search"
        role="search"
        className="mb-6 flex flex-wrap gap-3"
        onSubmit={typeAhead.onSubmit}
      >
        <label htmlFor="search-page-q" className="sr-only">
          Search leads, contacts and companies
        </label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          ref={searchRef}
          defaultValue={view.q}
          onChange={typeAhead.onSearchChange}
          placeholder="Name, e-mail or company..."
          className="block min-w-[12rem] flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
        />
        <button type="submit" className={buttonClass.secondary}>
          <Icon name="search" width={16} height={16} />
          Search
        </button>
      </Form>
      {found && groups.length === 0 ? (
        <p className="text-slate-600">Nothing found for &quot;{view.q}&quot;.</p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        {groups.map((group) => (
          <section
            key={group.name}
            aria-label={group.name}
            className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm"
          >
            <h2 className="border-b border-slate-200 px-4 py-2 font-semibold text-slate-900">{group.name}</h2>
            <ul className="divide-y divide-slate-100">
              {group.options.map((option) => (
                <li key={option.id} className="px-4 py-2">
                  <AppLink
                    to={option.href}
                    preventScrollReset
                    className="font-medium text-blue-700 hover:underline"
                  >
                    {option.label}
                  </AppLink>
                  {option.archived ? <ArchivedBadge /> : null}
                  {option.detail ? <p className="truncate text-sm text-slate-600">{option.detail}</p> : null}
                </li>
              ))}
            </ul>
            {group.all ? (
              <AppLink
                to={group.all}
                className="block border-t border-slate-200 px-4 py-2 text-sm font-medium text-blue-700 hover:underline"
              >
                See all {group.name.toLowerCase()}
              </AppLink>
            ) : null}
          </section>
        ))}
      </div>
      <Outlet />
    </>
  );
}
