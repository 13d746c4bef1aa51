import { setUserStatus } from "~/models/user.server";
import { statusInputSchema } from "~/models/user.schema";
import { adminUserChange } from "~/screens/admin/admin-user-change.server";

/** PATCH {isActive}: deactivation ends the user's sessions at once; the last active admin stays (409). */
export const { loader, action } = adminUserChange(
  { PATCH: statusInputSchema },
  (actor, userId, { isActive }) => setUserStatus(actor, userId, isActive),
);
