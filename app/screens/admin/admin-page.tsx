import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AccessControl, AdminApiTokens, AdminToolbar, UserManagement } from "./admin-panel";
import { AuditLogDialog, CreateUserDialog, PasswordDialog } from "./admin-dialogs";
import { useAdminChange } from "./user-controls";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PageHeader } from "~/components/page-header";
import type { adminAction, adminLoader } from "./admin-panel.server";
import { adminView } from "./admin-view";
import { statusConfirmation } from "~/models/user";
import { pageTitle } from "~/components/page-title";

export const meta = pageTitle("Admin | CRM");

/**
 * A refusal is not followed by a new read of the page's data, but a conflict (409) says that data is out of
 * date: another admin set a password or changed a role meanwhile. The dialog then shows the user as they are.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export function AdminPage() {
  const data = useLoaderData<typeof adminLoader>();
  const result = useActionData<typeof adminAction>();
  const { view } = data;
  const { change } = useAdminChange();
  const status = data.statusUser;
  const confirm = status ? statusConfirmation(status, !status.isActive) : null;
  return (
    <div>
      <PageHeader title="Admin Control Panel" subtitle="Manage users, permissions, and system access." />
      <AdminToolbar view={view} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[1fr_18rem]">
        <UserManagement view={view} users={data.users} total={data.total} selfId={data.selfId} />
        <AccessControl stats={data.stats} />
      </div>
      <AdminApiTokens view={view} tokens={data.tokens} />
      {data.newUser ? <CreateUserDialog view={view} result={result} /> : null}
      {data.passwordUser ? <PasswordDialog view={view} user={data.passwordUser} result={result} /> : null}
      {status && confirm ? (
        <ConfirmDialog
          title={status.isActive ? "Deactivate User" : "Activate User"}
          message={
            <>
              {confirm.question}
              <span className="mt-1 block font-normal text-slate-700">{confirm.detail}</span>
            </>
          }
          tone={status.isActive ? "danger" : "default"}
          action={adminView.href(view, { status: status.id })}
          closeHref={adminView.href(view)}
          intent="set-status"
          hidden={[
            ["userId", status.id],
            ["isActive", String(!status.isActive)],
          ]}
          confirmLabel={status.isActive ? "Deactivate" : "Activate"}
          // With JavaScript: the /api/admin route; a lost session goes to the admin sign-in (SPEC.md section 8).
          onConfirm={async () => {
            await change(
              `/api/admin/users/${status.id}/status`,
              { method: "PATCH", json: { isActive: !status.isActive }, loginPath: "/api/admin/login" },
              {
                success: status.isActive ? "User deactivated successfully" : "User activated successfully",
                failure: "Failed to update user status",
              },
            );
          }}
        />
      ) : null}
      {data.revokingToken ? (
        <ConfirmDialog
          title="Revoke API Token"
          message={`Are you sure you want to revoke “${data.revokingToken.name}” of ${data.revokingToken.user.email}?`}
          details="Scripts that use it will stop working at once. This cannot be undone."
          tone="danger"
          action={adminView.href(view, { revokeToken: data.revokingToken.id })}
          closeHref={adminView.href(view)}
          intent="revoke-token"
          hidden={[["tokenId", data.revokingToken.id]]}
          confirmLabel="Revoke"
        />
      ) : null}
      {data.audit ? (
        <AuditLogDialog
          view={view}
          entries={data.audit.entries}
          total={data.audit.total}
          counts={data.audit.counts}
        />
      ) : null}
    </div>
  );
}
