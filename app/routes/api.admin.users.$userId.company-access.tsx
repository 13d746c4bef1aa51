import { defineApi } from "~/api/define-api.server";
import { grantCompanyAccess } from "~/models/user.server";
import { companyInputSchema } from "~/models/user.schema";
import { adminUserChange } from "~/screens/admin/admin-user-change.server";

/** POST {company}: grants access to a division (nothing changes if the user has it already). */
export const api = defineApi([
  adminUserChange({
    method: "POST",
    id: "grantCompanyAccess",
    summary: "Grant access to a division",
    body: companyInputSchema,
    apply: (actor, userId, { company }) => grantCompanyAccess(actor, userId, company),
  }),
]);

export const { loader, action } = api;
