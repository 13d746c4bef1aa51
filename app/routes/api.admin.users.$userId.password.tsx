import { defineApi } from "~/api/define-api.server";
import { setPassword } from "~/models/user.server";
import { changePasswordInputSchema, setPasswordInputSchema } from "~/models/user.schema";
import { adminUserChange } from "~/screens/admin/admin-user-change.server";

/** POST {password} sets a first password (409 if one exists); PATCH {newPassword} changes it (409 if none). */
export const api = defineApi([
  adminUserChange({
    method: "POST",
    id: "setUserPassword",
    summary: "Set a first password",
    body: setPasswordInputSchema,
    errors: { 409: "`This user already has a password; change it instead`." },
    apply: (actor, userId, { password }) => setPassword(actor, userId, password, "set"),
  }),
  adminUserChange({
    method: "PATCH",
    id: "changeUserPassword",
    summary: "Change a password",
    body: changePasswordInputSchema,
    errors: {
      409: "`This user has no password yet; set one instead`. A change ends the user's other sessions.",
    },
    apply: (actor, userId, { newPassword }) => setPassword(actor, userId, newPassword, "change"),
  }),
]);

export const { loader, action } = api;
