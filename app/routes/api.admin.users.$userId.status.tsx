import { defineApi } from "~/api/define-api.server";
import { setUserStatus } from "~/models/user.server";
import { statusInputSchema } from "~/models/user.schema";
import { adminUserChange } from "~/screens/admin/admin-user-change.server";

/** PATCH {isActive}: deactivation ends the user's sessions at once; the last active admin stays (409). */
export const api = defineApi([
  adminUserChange({
    method: "PATCH",
    id: "setUserStatus",
    summary: "Activate or deactivate a user",
    body: statusInputSchema,
    errors: { 409: "`The last active admin cannot be demoted or deactivated`." },
    apply: (actor, userId, { isActive }) => setUserStatus(actor, userId, isActive),
  }),
]);

export const { loader, action } = api;
