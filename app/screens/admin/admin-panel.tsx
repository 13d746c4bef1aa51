import type { SerializeFrom } from "@remix-run/node";
import type { ComponentProps } from "react";
import { Form } from "@remix-run/react";
import { adminView, USERS_PAGE_SIZE, type AdminView } from "./admin-view";
import type { User } from "~/models/user.schema";
import { formatCount, formatDate } from "~/utils/format";
import { ApiTokenList } from "~/components/api-token-list";
import { AppLink } from "~/components/app-link";
import { Avatar } from "~/components/avatar";
import { buttonClass } from "~/components/forms";
import { Icon } from "~/components/icons";
import { Pager } from "~/components/list";
import { AccessToggles, RoleSelect, StatusToggle } from "./user-controls";
import { useTimeZone } from "~/components/time-zone";

type AdminUser = SerializeFrom<User>;

/** The panel's buttons: the Audit Log dialog and SPEC.md's four toast-only actions. */
export function AdminToolbar({ view }: { view: AdminView }) {
  const toastButton = (intent: string, label: string, danger = false) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={danger ? `${buttonClass.secondary} text-red-700` : buttonClass.secondary}
    >
      {label}
    </button>
  );
  return (
    <div className="mb-6 flex flex-wrap gap-2">
      <AppLink
        to={adminView.href({ ...view, audit: true, apage: 1 })}
        preventScrollReset
        className={buttonClass.secondary}
      >
        <Icon name="document" width={16} height={16} /> Audit Log
      </AppLink>
      <Form method="post" className="contents">
        {toastButton("security-settings", "Security Settings")}
        {toastButton("data-export", "Data Export")}
        {toastButton("bulk-deactivate", "Bulk Deactivate Users", true)}
        {toastButton("reset-permissions", "Reset Permissions", true)}
      </Form>
    </div>
  );
}

/** User Management: each user with role, division access and active state, and their password. */
export function UserManagement({
  view,
  users,
  total,
  selfId,
}: {
  view: AdminView;
  users: AdminUser[];
  total: number;
  selfId: string;
}) {
  const timeZone = useTimeZone();
  return (
    <section
      aria-labelledby="user-management"
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
        <h2 id="user-management" className="text-lg font-semibold text-slate-900">
          User Management
        </h2>
        <AppLink
          to={adminView.href(view, { new: "user" })}
          preventScrollReset
          className={buttonClass.primary}
        >
          <Icon name="plus" width={16} height={16} /> Create User
        </AppLink>
      </div>
      <Form method="get" action="/admin" role="search" className="flex gap-2 border-b border-slate-200 p-4">
        <label htmlFor="user-search" className="sr-only">
          Search users
        </label>
        <input
          id="user-search"
          type="search"
          name="q"
          defaultValue={view.q}
          placeholder="Search by name or e-mail..."
          className="block min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
        />
        <button type="submit" className={buttonClass.secondary}>
          <Icon name="search" width={16} height={16} /> Search
        </button>
      </Form>
      {users.length === 0 ? (
        <p className="px-4 py-10 text-center text-slate-600">No users match the current search.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {users.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center gap-x-6 gap-y-3 p-4">
              <div className="flex min-w-[14rem] flex-1 items-center gap-3">
                <Avatar firstName={user.firstName} lastName={user.lastName} />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {user.firstName} {user.lastName}
                    {user.id === selfId ? <span className="ml-2 text-xs text-slate-600">(you)</span> : null}
                  </p>
                  <p className="truncate text-sm text-slate-600">{user.email}</p>
                  <p className="text-xs text-slate-600">Added {formatDate(user.createdAt, timeZone)}</p>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
                <RoleSelect user={user} />
                <AccessToggles user={user} />
                <span className="flex items-center gap-2 text-sm">
                  <StatusToggle user={user} view={view} />
                  {user.isActive ? "Active" : "Inactive"}
                </span>
                <AppLink
                  to={adminView.href(view, { password: user.id })}
                  preventScrollReset
                  className={buttonClass.small}
                >
                  {user.hasPassword ? "Change Password" : "Set Password"}
                </AppLink>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={view.page}
        pageSize={USERS_PAGE_SIZE}
        total={total}
        href={(page) => adminView.href({ ...view, page })}
        label="User pages"
      />
    </section>
  );
}

/** Access Control: who has which division, how many are active and how many are admins. */
export function AccessControl({
  stats,
}: {
  stats: { tssOnly: number; nlhOnly: number; both: number; total: number; active: number; admins: number };
}) {
  const rows: [string, number][] = [
    ["TSS only", stats.tssOnly],
    ["NLH only", stats.nlhOnly],
    ["Both (cross-company)", stats.both],
    ["Total users", stats.total],
    ["Active users", stats.active],
    ["Admins", stats.admins],
  ];
  return (
    <section
      aria-labelledby="access-control"
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id="access-control"
        className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900"
      >
        Access Control
      </h2>
      <dl className="divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between px-4 py-3 text-sm">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-semibold text-slate-900">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Every user's active API tokens, each with Revoke (a confirmation step first, as for the user toggles). */
export function AdminApiTokens({
  view,
  tokens,
}: {
  view: AdminView;
  tokens: ComponentProps<typeof ApiTokenList>["tokens"];
}) {
  return (
    <section
      aria-labelledby="admin-api-tokens"
      className="mt-6 rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="border-b border-slate-200 p-4">
        <h2 id="admin-api-tokens" className="text-lg font-semibold text-slate-900">
          API Tokens
        </h2>
        <p className="mt-1 text-sm text-slate-600">Every user&apos;s active tokens.</p>
      </div>
      <ApiTokenList
        tokens={tokens}
        revokeHref={(id) => adminView.href(view, { revokeToken: id })}
        emptyText="No active API tokens."
      />
    </section>
  );
}
