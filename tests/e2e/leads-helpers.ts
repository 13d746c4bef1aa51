// Pieces of the Lead Management page that its specs share.
import type { Page } from "@playwright/test";
import { expect, noJs, signIn, type TestUser } from "./fixtures";

/** Opens `path` (default /leads), signs in on its login screen and waits for the Lead Management page. */
export function signInToLeads(page: Page, user: TestUser, path = "/leads") {
  return signIn(page, user, path, "Lead Management");
}

export function tab(page: Page, name: "Active Leads" | "Archive") {
  return page
    .getByRole("navigation", { name: "Lead lists" })
    .getByRole("link", { name: new RegExp(`^${name} \\(`) });
}

/** The rows of the table on screen (active or archived). */
export function bodyRows(page: Page) {
  return page.locator("table tbody tr");
}

/** The row of the lead with this contact name. */
export function row(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name: `View ${name}`, exact: true }) });
}

/** Types into the search box and runs the search: with JavaScript the list follows as one types. */
export async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search leads" }).fill(text);
  if (noJs()) await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
}
