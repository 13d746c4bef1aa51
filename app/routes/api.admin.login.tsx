import { redirect } from "@remix-run/node";
import { defineApi } from "~/api/define-api.server";
import { operation, redirectHome } from "~/api/operation";

/** The provider-based admin sign-in. No provider is configured, so it goes to the login screen at /. */
export const api = defineApi([
  operation({
    method: "GET",
    id: "adminLogin",
    tag: "Authentication",
    summary: "Provider-based admin sign-in",
    description: "No provider is configured: goes to the app's login screen.",
    access: "public",
    answers: { 302: redirectHome("To the app.") },
    handler: async () => redirect("/"),
  }),
]);

export const { loader, action } = api;
