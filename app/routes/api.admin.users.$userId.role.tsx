import { changeRole } from "~/models/user.server";
import { roleInputSchema } from "~/models/user.schema";
import { adminUserChange } from "~/screens/admin/admin-user-change.server";

/** PATCH {role}: a demotion of the last active admin is refused (409). */
export const { loader, action } = adminUserChange({ PATCH: roleInputSchema }, (actor, userId, { role }) =>
  changeRole(actor, userId, role),
);
