import { redirect } from "@remix-run/node";

/** Re-login: every page shows the login screen to a visitor who is not signed in, so go home. */
export const loader = () => redirect("/");
