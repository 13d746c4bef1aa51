import { grantCompanyAccess } from "~/models/user.server";
import { companyInputSchema } from "~/models/user.schema";
import { adminUserChange } from "~/screens/admin/admin-user-change.server";

/** POST {company}: grants access to a division (nothing changes if the user has it already). */
export const { loader, action } = adminUserChange(
  { POST: companyInputSchema },
  (actor, userId, { company }) => grantCompanyAccess(actor, userId, company),
);
