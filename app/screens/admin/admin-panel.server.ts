import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { listAllTokens, revokeToken } from "~/models/api-token.server";
import { auditCounts, listAuditEntries } from "~/models/audit.server";
import { createUserSchema, passwordFormSchema, roleSchema } from "~/models/user.schema";
import {
  changeRole,
  createUser,
  findUser,
  grantCompanyAccess,
  listUsers,
  revokeCompanyAccess,
  setPassword,
  setUserStatus,
  userStatistics,
} from "~/models/user.server";
import { isDivision } from "~/utils/divisions";
import { nullIfRefused } from "~/utils/errors";
import { readForm } from "~/http/form.server";
import { attempt, invalidReply, refusalReply, requireFormId } from "~/http/page-action.server";
import { successToast, type ToastInput } from "~/utils/toast";
import { redirectWithToast } from "~/http/toast.server";
import { requireAdminPage } from "~/auth/current-user.server";
import { adminView, AUDIT_PAGE_SIZE, USERS_PAGE_SIZE } from "./admin-view";

/**
 * The Admin Control Panel's data (SPEC.md "Admin"): a page of users, the statistics, the user a dialog is
 * about (?status=, ?password=), the Audit Log dialog's page and counts (?audit=1), and every user's active
 * API tokens (with the one ?revokeToken= confirms). Admins only: the guard, and every model function again.
 */
export async function adminLoader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireAdminPage(request, context);
  const params = new URL(request.url).searchParams;
  const view = adminView.read(params);
  const dialogs = adminView.dialogs(params);
  const dialogUserId = dialogs.status ?? dialogs.password;
  const [list, stats, dialogUser, audit, counts, tokens] = await Promise.all([
    listUsers(
      actor,
      { search: view.q },
      { limit: USERS_PAGE_SIZE, offset: (view.page - 1) * USERS_PAGE_SIZE },
    ),
    userStatistics(actor),
    dialogUserId ? findUser(actor, dialogUserId).catch(nullIfRefused) : null,
    view.audit
      ? listAuditEntries(
          actor,
          { search: view.asearch, action: view.aaction || undefined },
          { limit: AUDIT_PAGE_SIZE, offset: (view.apage - 1) * AUDIT_PAGE_SIZE },
        )
      : null,
    view.audit ? auditCounts(actor) : null,
    listAllTokens(actor, { activeOnly: true }),
  ]);
  return {
    view,
    users: list.users,
    total: list.total,
    stats,
    newUser: dialogs.new !== null,
    statusUser: dialogs.status ? dialogUser : null,
    passwordUser: dialogs.password ? dialogUser : null,
    audit: audit && counts ? { ...audit, counts } : null,
    tokens,
    revokingToken: tokens.find((token) => token.id === dialogs.revokeToken) ?? null,
    selfId: actor.user.id,
  };
}

const COMING_SOON: ToastInput = { type: "error", title: "Feature coming soon" };

/**
 * The panel's forms, one intent each; the same model functions as the /api/admin routes, which refuse a
 * non-admin themselves. Successes come back to the panel with SPEC.md section 8's toast.
 */
export async function adminAction({ request, context }: ActionFunctionArgs) {
  const actor = await requireAdminPage(request, context);
  const formData = await readForm(request);
  const back = adminView.href(adminView.read(new URL(request.url).searchParams));
  const userId = () => requireFormId(formData, "userId");
  const company = () => {
    const value = formData.get("company");
    if (!isDivision(value)) throw new Response("Unknown company", { status: 400 });
    return value;
  };

  switch (formData.get("intent")) {
    case "create-user": {
      const submission = parseWithZod(formData, { schema: createUserSchema });
      // A password typed is never sent back into the page (the fields come back empty).
      const hidden = { hideFields: ["password"] };
      if (submission.status !== "success") return invalidReply("create-user", submission.reply(hidden));
      try {
        await createUser(actor, submission.value);
      } catch (error) {
        return refusalReply(
          "create-user",
          error,
          (options) => submission.reply({ ...options, ...hidden }),
          "Failed to create user",
        );
      }
      return redirectWithToast(back, successToast("User created successfully"));
    }
    case "change-role": {
      const role = roleSchema.safeParse(formData.get("role"));
      return attempt(
        async () => {
          if (!role.success) throw new Response("Unknown role", { status: 400 });
          await changeRole(actor, userId(), role.data);
        },
        {
          to: back,
          success: successToast("User role updated successfully"),
          failure: "Failed to update user role",
        },
      );
    }
    case "grant-access":
      return attempt(() => grantCompanyAccess(actor, userId(), company()), {
        to: back,
        success: successToast("Company access granted successfully"),
        failure: "Failed to grant company access",
      });
    case "revoke-access":
      return attempt(() => revokeCompanyAccess(actor, userId(), company()), {
        to: back,
        success: successToast("Company access revoked successfully"),
        failure: "Failed to revoke company access",
      });
    case "set-password":
    case "change-password": {
      const mode = formData.get("intent") === "set-password" ? "set" : "change";
      const submission = parseWithZod(formData, { schema: passwordFormSchema });
      const hidden = { hideFields: ["password", "confirmPassword"] };
      if (submission.status !== "success") return invalidReply(`${mode}-password`, submission.reply(hidden));
      try {
        await setPassword(actor, userId(), submission.value.password, mode);
      } catch (error) {
        return refusalReply(
          `${mode}-password`,
          error,
          (options) => submission.reply({ ...options, ...hidden }),
          mode === "set" ? "Failed to set password" : "Failed to change password",
        );
      }
      return redirectWithToast(
        back,
        successToast(mode === "set" ? "Password set successfully" : "Password changed successfully"),
      );
    }
    case "set-status": {
      const isActive = formData.get("isActive");
      if (isActive !== "true" && isActive !== "false")
        throw new Response("Unknown user status", { status: 400 });
      const activate = isActive === "true";
      return attempt(() => setUserStatus(actor, userId(), activate), {
        to: back,
        success: successToast(activate ? "User activated successfully" : "User deactivated successfully"),
        failure: "Failed to update user status",
      });
    }
    case "revoke-token":
      return attempt(() => revokeToken(actor, requireFormId(formData, "tokenId")), {
        to: back,
        success: successToast("API token revoked successfully"),
        failure: "Failed to revoke API token",
      });
    case "security-settings":
      return redirectWithToast(back, {
        type: "info",
        title: "Security Settings",
        description:
          "Passwords are hashed with argon2id, sessions end after 30 days or at sign-out, and sign-in attempts are limited.",
      });
    case "data-export":
      return redirectWithToast(back, {
        type: "info",
        title: "Data Export",
        description: "Export a division's leads as CSV with Export Report on the dashboard.",
      });
    case "bulk-deactivate":
    case "reset-permissions":
      return redirectWithToast(back, COMING_SOON);
    default:
      throw new Response("Unknown form intent", { status: 400 });
  }
}
