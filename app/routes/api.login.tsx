import { redirect } from "@remix-run/node";
import { defineApi } from "~/api/define-api.server";
import { operation, redirectHome } from "~/api/operation";

/** Re-login: every page shows the login screen to a visitor who is not signed in, so go home. */
export const api = defineApi([
  operation({
    method: "GET",
    id: "relogin",
    tag: "Authentication",
    summary: "Re-login",
    description: "Goes to the app, which shows the login screen to a visitor who is not signed in.",
    access: "public",
    answers: { 302: redirectHome("To the app.") },
    handler: async () => redirect("/"),
  }),
]);

export const { loader, action } = api;
