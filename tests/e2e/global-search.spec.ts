// The global search (issue 31, docs/decisions/030-global-search.md): the header's box, focused by `/` or
// Ctrl-K, lists leads, contacts and companies as the user types (JavaScript); the /search page lists them
// without it, archived leads marked, a lead opening over the page; and both fit a 375 px phone.
import {
  archiveLeadViaApi,
  dialog,
  expect,
  expectAccessible,
  expectNothingWiderThanViewport,
  noJs,
  signIn,
  test,
  visit,
  type Crm,
} from "./fixtures";

test.describe.configure({ timeout: 60_000 });

/** A contact (in TSS) whose last name holds the test's token; answers its id. */
async function contact(crm: Crm, firstName: string) {
  const response = await crm.api.post("/api/contacts", {
    data: { companyDivision: "TSS", firstName, lastName: `Quarry${crm.token}`, company: "Granite Works" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("`/` and Ctrl-K focus the header's search; typing lists a contact, Enter opens it", async ({
  page,
  crm,
}) => {
  test.skip(noJs(), "the box lists results as you type with JavaScript only");
  const id = await contact(crm, "Imogen");
  await signIn(page, crm.user, "/", "Dashboard");
  const box = page.getByRole("combobox", { name: "Search leads, contacts and companies" });
  await page.keyboard.press("/");
  await expect(box).toBeFocused();
  await box.evaluate((element) => element.blur());
  await expect(box).not.toBeFocused();
  await page.keyboard.press("Control+k");
  await expect(box).toBeFocused();

  await box.fill(`quarry${crm.token}`);
  const results = page.getByRole("listbox", { name: "Search results" });
  await expect(results.getByRole("option", { name: `Imogen Quarry${crm.token}` })).toBeVisible();
  await expectAccessible(page);
  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", /contact/);
  await box.press("Enter");
  await expect(page).toHaveURL(`/contacts?contactId=${id}`);
  await expect(page.getByRole("heading", { name: `Imogen Quarry${crm.token}` })).toBeVisible();
});

test("the results page groups what it finds, archived leads marked, a lead opening over it", async ({
  page,
  crm,
}) => {
  await contact(crm, "Jasper");
  const archived = await crm.lead("Olive", "Archer");
  await archiveLeadViaApi(crm.api, archived.id);
  await crm.lead("Piers", "Archer");
  await signIn(page, crm.user, "/", "Dashboard");
  // The header's form, sent by Enter (without JavaScript the only way; with it, nothing chosen).
  const box = page.getByRole("combobox", { name: "Search leads, contacts and companies" });
  await box.fill(crm.token);
  await box.press("Enter");
  await expect(page).toHaveURL(`/search?q=${crm.token}`);
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();

  const leads = page.getByRole("region", { name: "Leads" });
  await expect(leads.getByRole("listitem")).toHaveCount(2);
  await expect(leads.getByRole("listitem").filter({ hasText: "Olive" })).toContainText("Archived");
  await expect(leads.getByRole("listitem").filter({ hasText: "Piers" })).not.toContainText("Archived");
  await expect(page.getByRole("region", { name: "Contacts" })).toContainText(`Jasper Quarry${crm.token}`);
  await expect(page.getByRole("region", { name: "Companies" })).toContainText(`Slate ${crm.token} Ltd`);
  await expectAccessible(page);

  await leads.getByRole("link", { name: /Piers/ }).click();
  await expect(page).toHaveURL(new RegExp(`/search/lead/[0-9a-f-]+\\?q=${crm.token}$`));
  await expect(dialog(page, `Piers Archer-${crm.token}`)).toBeVisible();
});

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the search is a link beside the menu, to the page, which fits", async ({ page, crm }) => {
    await crm.lead("Quentin", "Ash");
    await signIn(page, crm.user, "/", "Dashboard");
    await page.getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/search");
    await page.getByRole("searchbox", { name: "Search leads, contacts and companies" }).fill(crm.token);
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("region", { name: "Leads" })).toContainText(`Quentin Ash-${crm.token}`);
    await expectNothingWiderThanViewport(page);
    await visit(page, `/search?q=${crm.token}`);
    await expectNothingWiderThanViewport(page);
  });
});
