import { setPassword } from "~/models/user.server";
import { changePasswordInputSchema, setPasswordInputSchema } from "~/models/user.schema";
import { adminUserChange } from "~/screens/admin/admin-user-change.server";

/** POST {password} sets a first password (409 if one exists); PATCH {newPassword} changes it (409 if none). */
export const { loader, action } = adminUserChange(
  { POST: setPasswordInputSchema, PATCH: changePasswordInputSchema },
  (actor, userId, input) =>
    "password" in input
      ? setPassword(actor, userId, input.password, "set")
      : setPassword(actor, userId, input.newPassword, "change"),
);
