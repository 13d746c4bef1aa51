import { redirect } from "@remix-run/node";

/** The provider-based admin sign-in. No provider is configured, so it goes to the login screen at /. */
export const loader = () => redirect("/");
