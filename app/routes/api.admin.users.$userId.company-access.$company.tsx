import { defineApi } from "~/api/define-api.server";
import { anyDivision, json, operation, recordOf, ref } from "~/api/operation";
import { revokeCompanyAccess, requireUserRecord } from "~/models/user.server";

/** DELETE: revokes access to a division; never down to none (400). 200 with the user. */
export const api = defineApi([
  operation({
    method: "DELETE",
    id: "revokeCompanyAccess",
    tag: "Administration",
    summary: "Revoke access to a division",
    access: "admin",
    params: {
      userId: recordOf("user", { inDivision: false }),
      company: anyDivision("The division to revoke."),
    },
    answers: { 200: json("The changed user.", ref("User")) },
    errors: { 400: "`Invalid input` when it is the user's last division." },
    find: ({ actor, params }) => requireUserRecord(actor, params.userId),
    handler: ({ actor, params }) => revokeCompanyAccess(actor, params.userId, params.company),
  }),
]);

export const { loader, action } = api;
