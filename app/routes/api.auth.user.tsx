import { defineApi } from "~/api/define-api.server";
import { json, operation, ref } from "~/api/operation";
import { toPublicUser } from "~/models/user.server";

/** GET /api/auth/user: the signed-in user (CONTRACT.md "Signing in"). */
export const api = defineApi([
  operation({
    method: "GET",
    id: "currentUser",
    tag: "Authentication",
    summary: "The signed-in user",
    answers: { 200: json("The current user.", ref("User")) },
    handler: async ({ actor }) => toPublicUser(actor.user),
  }),
]);

export const { loader, action } = api;
