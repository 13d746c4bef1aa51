import { defineApi } from "~/api/define-api.server";
import { changeRole } from "~/models/user.server";
import { roleInputSchema } from "~/models/user.schema";
import { adminUserChange } from "~/screens/admin/admin-user-change.server";

/** PATCH {role}: a demotion of the last active admin is refused (409). */
export const api = defineApi([
  adminUserChange({
    method: "PATCH",
    id: "changeUserRole",
    summary: "Change a user's role",
    body: roleInputSchema,
    errors: { 409: "`The last active admin cannot be demoted or deactivated`." },
    apply: (actor, userId, { role }) => changeRole(actor, userId, role),
  }),
]);

export const { loader, action } = api;
