// Saved views (docs/decisions/031-saved-views.md): the lead list's further filters, a view saved from them,
// reopened from the sidebar, shared and seen by a colleague; on a phone too. With JavaScript on and off.
import {
  createNote,
  createUser,
  expect,
  expectAccessible,
  expectNothingWiderThanViewport,
  noJs,
  section,
  test,
  toast,
  visit,
} from "./fixtures";
import { bodyRows, row, signInToLeads } from "./leads-helpers";

test.describe.configure({ timeout: 60_000 });

test("filter by statuses, value and an overdue follow-up, save the view, reopen it from the sidebar, share it", async ({
  page,
  crm,
  browser,
  baseURL,
}) => {
  await crm.lead("Big", "Deal", { status: "QUALIFIED", estimatedValue: 20000 });
  await crm.lead("Small", "Deal", { status: "NEW", estimatedValue: 100 });
  const late = await crm.lead("Late", "Deal", { status: "PROPOSAL", estimatedValue: 5000 });
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  await createNote(crm.api, { leadId: late.id, content: "Send the quote", followUpDate: yesterday });
  const viewName = `Hot ${crm.token}`;

  await signInToLeads(page, crm.user, `/leads?q=${crm.token}`);
  await expect(bodyRows(page)).toHaveCount(3);
  const filters = page.getByRole("search", { name: "Filter leads" });
  await filters.getByText("More filters").click();
  await filters.getByRole("checkbox", { name: "Qualified" }).check();
  await filters.getByRole("checkbox", { name: "Proposal" }).check();
  await filters.getByLabel("Value from (GBP)").fill("1000");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(row(page, `Big Deal-${crm.token}`)).toBeVisible();
  await expect(row(page, `Late Deal-${crm.token}`)).toBeVisible();
  // The filters stay shown, and the status select says there are several.
  await expect(filters.getByText("More filters (2)")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("");
  await filters.getByRole("checkbox", { name: "Has an overdue follow-up" }).check();
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(row(page, `Late Deal-${crm.token}`)).toBeVisible();

  // Saved: the list opens as the view, named, with its owner's controls, and the sidebar lists it.
  await page.getByText("Save view", { exact: true }).click();
  await page.getByLabel("View name").fill(viewName);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "View saved")).toBeVisible();
  const bar = section(page, "Saved view");
  await expect(bar).toContainText(`View: ${viewName}`);
  const sidebar = page.getByRole("list", { name: "Saved views" });
  await expect(sidebar.getByRole("link", { name: viewName })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);

  // Elsewhere, then back through the sidebar: the same filters, the same lead.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Leads", exact: true })
    .click();
  await expect(bar).toHaveCount(0);
  await sidebar.getByRole("link", { name: viewName }).click();
  await expect(bar).toContainText(`View: ${viewName}`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(row(page, `Late Deal-${crm.token}`)).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search leads" })).toHaveValue(crm.token);

  await bar.getByRole("button", { name: "Share with the division" }).click();
  await expect(toast(page, "View shared")).toBeVisible();
  await expect(bar).toContainText("Shared");

  // A colleague in the division sees it shared, opens it, and cannot change it.
  const colleague = await createUser(baseURL!, {
    firstName: "Colin",
    lastName: "League",
    companies: ["TSS"],
  });
  const context = await browser.newContext({
    javaScriptEnabled: !noJs(),
    viewport: { width: 375, height: 800 },
  });
  const other = await context.newPage();
  const signedIn = await other.request.post("/api/auth/login", {
    data: { username: colleague.email, password: colleague.password },
  });
  expect(signedIn.status()).toBe(200);
  await visit(other, "/leads");
  // A phone: the sidebar is in the menu.
  await other.getByText("Menu", { exact: true }).click();
  await other
    .getByRole("list", { name: "Saved views" })
    .getByRole("link", { name: `${viewName} (shared)` })
    .click();
  const theirBar = section(other, "Saved view");
  await expect(theirBar).toContainText(`View: ${viewName}`);
  await expect(theirBar).toContainText("by Erin Tester");
  await expect(theirBar.getByRole("button")).toHaveCount(0);
  await expect(bodyRows(other)).toHaveCount(1);
  await expect(row(other, `Late Deal-${crm.token}`)).toBeVisible();
  await other.getByText("More filters").click();
  await expectNothingWiderThanViewport(other);
  await context.close();
});
