// Add New Lead (SPEC.md sections 2, 4 and 5): the form's checks, creating a lead, the duplicate step with Restore
// and 'Create New Lead Anyway'. Every test runs with JavaScript on ("js") and off ("no-js").
import {
  archiveLeadViaApi,
  dialog,
  expect,
  expectAccessible,
  holdRequests,
  hydrated,
  noJs,
  PAGE_SCRIPTS,
  params,
  pathname,
  section,
  test,
  toast,
  visit,
} from "./fixtures";
import type { Locator, Page, Request } from "@playwright/test";
import { bodyRows, row, signInToLeads as signIn, tab } from "./leads-helpers";

// These tests walk through whole flows (several page loads, axe checks): more time than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test.describe("Add New Lead", () => {
  test("shows the errors at the fields, then creates the lead: toast and a row in the table", async ({
    page,
    crm,
  }) => {
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    await expect(page.getByText("No leads match the current filters.")).toBeVisible();
    await page.getByRole("link", { name: "Add New Lead" }).click();
    const add = dialog(page, "Add New Lead");
    await expect(add).toBeVisible();
    await expect(page).toHaveURL(/[?&]new=1/);
    await expect(add.getByText("New lead for Tailored Slate & Stone")).toBeVisible();
    await expect(add.getByLabel("Status", { exact: true })).toHaveValue("NEW");
    await expect(add.getByLabel("Estimated Value (£)")).toHaveAttribute("step", "0.01");
    await expectAccessible(page);

    const lastName = `Lovelace-${crm.token}`;
    await add.getByLabel("Email", { exact: true }).fill("not-an-email");
    // Leaving a field checks it (with JavaScript): the e-mail's message shows before the button is pressed.
    await add.getByLabel("Last Name", { exact: true }).fill(lastName);
    await add.getByRole("button", { name: "Create Lead" }).click();
    await expectMissingAndBadEmail(add);
    await expect(add.getByLabel("First Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(add.getByLabel("Last Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await expect(add.getByText("Last name is required")).toHaveCount(0);
    // What was typed is kept.
    await expect(add.getByLabel("Last Name", { exact: true })).toHaveValue(lastName);
    await expect(add.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
    await expect(toast(page, "Lead created successfully")).toHaveCount(0);
    await expectAccessible(page);

    const email = `ada.${crm.token}@example.com`;
    await add.getByLabel("First Name", { exact: true }).fill("Ada");
    await add.getByLabel("Email", { exact: true }).fill(email);
    await add.getByLabel("Phone", { exact: true }).fill("+44 20 7946 0018");
    await add.getByLabel("Company", { exact: true }).fill(`Analytical ${crm.token} Engines`);
    await add.getByLabel("Position", { exact: true }).fill("Head of Engineering");
    await add.getByLabel("Status", { exact: true }).selectOption({ label: "Qualified" });
    await add.getByLabel("Estimated Value (£)").fill("12500.5");
    await add.getByLabel("Notes", { exact: true }).fill("Met at the stone fair.");
    await add.getByRole("button", { name: "Create Lead" }).click();

    await expect(toast(page, "Lead created successfully")).toBeVisible();
    await expect(add).toHaveCount(0);
    await expect(page).toHaveURL(`/leads?q=${crm.token}`);
    const created = row(page, `Ada ${lastName}`);
    await expect(created).toBeVisible();
    await expect(created).toContainText(`Analytical ${crm.token} Engines`);
    await expect(created).toContainText(email);
    await expect(created).toContainText("Qualified");
    await expect(created).toContainText("£12,500.50");
    await expect(created).toContainText("Erin Tester");
    await expect(created).toContainText("Unassigned");
    await expect(created).toContainText("Today");
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(tab(page, "Active Leads")).toHaveText("Active Leads (1)");

    // The detail dialog has everything that was entered.
    await created.getByRole("link", { name: `View Ada ${lastName}` }).click();
    const detail = dialog(page, `Ada ${lastName}`);
    const contact = section(detail, "Contact Information");
    await expect(contact).toContainText("Head of Engineering");
    await expect(contact).toContainText("Met at the stone fair.");
    await expect(contact.getByRole("link", { name: "+44 20 7946 0018" })).toHaveAttribute(
      "href",
      "tel:+442079460018",
    );
  });

  test("Cancel closes the dialog without creating anything", async ({ page, crm }) => {
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    await page.getByRole("link", { name: "Add New Lead" }).click();
    const add = dialog(page, "Add New Lead");
    await add.getByLabel("First Name", { exact: true }).fill("Nobody");
    await add.getByRole("link", { name: "Cancel" }).click();
    await expect(add).toHaveCount(0);
    await expect(page).toHaveURL(`/leads?q=${crm.token}`);
    await expect(page.getByText("No leads match the current filters.")).toBeVisible();
  });
});

test.describe("the form's Idempotency-Key", () => {
  test("the form sent again with its key (as after a lost answer) is answered as before and stores nothing more", async ({
    page,
    crm,
  }) => {
    await signIn(page, crm.user, `/leads?q=${crm.token}&new=1`);
    const add = dialog(page, "Add New Lead");
    const key = await add.locator('input[name="idempotencyKey"]').inputValue();
    expect(key).not.toBe("");
    const email = `resent.${crm.token}@example.com`;
    await add.getByLabel("First Name", { exact: true }).fill("Resent");
    await add.getByLabel("Last Name", { exact: true }).fill(`Form-${crm.token}`);
    await add.getByLabel("Email", { exact: true }).fill(email);
    await add.getByLabel("Company", { exact: true }).fill(`Resent ${crm.token} Ltd`);
    // What the form sends, as it sends it (to the page, or to its data URL with JavaScript).
    let sent: { url: string; body: string; headers: Record<string, string> } | undefined;
    page.on("request", async (request) => {
      if (request.method() === "POST" && !sent) {
        sent = { url: request.url(), body: request.postData()!, headers: await request.allHeaders() };
      }
    });
    await add.getByRole("button", { name: "Create Lead" }).click();
    await expect(row(page, `Resent Form-${crm.token}`)).toBeVisible();
    expect(new URLSearchParams(sent!.body).get("idempotencyKey")).toBe(key);
    // Sent again, as a browser's Reload of a lost answer, or a retry of the same form, sends it.
    const again = await page.request.post(sent!.url, {
      headers: { "content-type": sent!.headers["content-type"] },
      data: sent!.body,
      maxRedirects: 0,
    });
    expect(again.status()).toBeLessThan(400);
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    const found = await crm.api.get(`/api/leads/TSS?search=${encodeURIComponent(email)}`);
    expect(await found.json()).toHaveLength(1);
  });
});

test.describe("duplicate check", () => {
  test("an archived lead with the same e-mail is offered for restore, and opens restored", async ({
    page,
    crm,
  }) => {
    const archived = await crm.lead("Grace", "Hopper", {
      company: `Harbour ${crm.token} Ltd`,
      status: "CONTACTED",
      estimatedValue: 900,
    });
    await archiveLeadViaApi(crm.api, archived.id);
    const graceName = `Grace Hopper-${crm.token}`;

    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    await expect(tab(page, "Archive")).toHaveText("Archive (1)");
    await page.getByRole("link", { name: "Add New Lead" }).click();
    let add = dialog(page, "Add New Lead");
    await add.getByLabel("First Name", { exact: true }).fill("Gracie");
    await add.getByLabel("Last Name", { exact: true }).fill(`Other-${crm.token}`);
    // Matched trimmed and in any case.
    await add.getByLabel("Email", { exact: true }).fill(archived.email.toUpperCase());
    await add.getByLabel("Company", { exact: true }).fill(`New ${crm.token} Co`);
    await add.getByRole("button", { name: "Create Lead" }).click();

    let duplicates = dialog(page, "Possible Duplicate Leads");
    await expect(duplicates).toBeVisible();
    await expect(add).toHaveCount(0);
    await expect(duplicates).toContainText(
      "A lead with the same e-mail or name already exists in this division.",
    );
    const match = duplicates.getByRole("listitem").filter({ hasText: graceName });
    await expect(duplicates.getByRole("listitem")).toHaveCount(1);
    await expect(match).toContainText("Archived");
    await expect(match).toContainText(archived.email);
    await expect(match).toContainText(`Harbour ${crm.token} Ltd`);
    await expect(match).toContainText("Contacted");
    await expect(duplicates.getByRole("button", { name: "Create New Lead Anyway" })).toBeVisible();
    await expect(duplicates.getByRole("button", { name: "Cancel" })).toBeVisible();
    await expectAccessible(page);

    await match.getByRole("button", { name: "Restore" }).click();
    await expect(toast(page, "Lead restored successfully")).toBeVisible();
    const detail = dialog(page, graceName);
    await expect(detail).toBeVisible();
    // The restored lead opens over its list: the detail route, the list searched to its company.
    expect(pathname(page)).toBe(`/leads/${archived.id}`);
    expect(params(page)).toEqual({ q: `Harbour ${crm.token} Ltd` });
    await detail.getByRole("link", { name: "Close" }).click();
    await expect(detail).toHaveCount(0);
    await expect(tab(page, "Active Leads")).toHaveAttribute("aria-current", "page");
    await expect(tab(page, "Archive")).toHaveText("Archive (0)");
    await expect(row(page, graceName)).toBeVisible();
    await expect(row(page, graceName).getByRole("link", { name: `Archive ${graceName}` })).toBeVisible();

    // Now it is active: the duplicate step lists it without Restore. Cancel goes back to the form as it was
    // filled in, and creates nothing.
    await visit(page, `/leads?q=${crm.token}`);
    await expect(bodyRows(page)).toHaveCount(1);
    const fillGracie = async () => {
      await page.getByRole("link", { name: "Add New Lead" }).click();
      add = dialog(page, "Add New Lead");
      await add.getByLabel("First Name", { exact: true }).fill("Gracie");
      await add.getByLabel("Last Name", { exact: true }).fill(`Other-${crm.token}`);
      await add.getByLabel("Email", { exact: true }).fill(archived.email);
      await add.getByLabel("Company", { exact: true }).fill(`New ${crm.token} Co`);
      await add.getByLabel("Estimated Value (£)").fill("250");
      await add.getByRole("button", { name: "Create Lead" }).click();
      duplicates = dialog(page, "Possible Duplicate Leads");
      await expect(duplicates).toBeVisible();
    };
    await fillGracie();
    await expect(duplicates.getByRole("listitem")).toHaveCount(1);
    await expect(duplicates.getByText("Archived", { exact: true })).toHaveCount(0);
    await expect(duplicates.getByRole("button", { name: "Restore" })).toHaveCount(0);
    await expect(duplicates.getByRole("link", { name: "View" })).toBeVisible();
    await duplicates.getByRole("button", { name: "Cancel" }).click();
    await expect(duplicates).toHaveCount(0);
    add = dialog(page, "Add New Lead");
    await expect(add.getByLabel("First Name", { exact: true })).toHaveValue("Gracie");
    await expect(add.getByLabel("Email", { exact: true })).toHaveValue(archived.email);
    await expect(add.getByLabel("Estimated Value (£)")).toHaveValue("250");
    await expect(bodyRows(page)).toHaveCount(1);

    await add.getByRole("button", { name: "Create Lead" }).click();
    await expect(duplicates).toBeVisible();
    await duplicates.getByRole("button", { name: "Create New Lead Anyway" }).click();
    await expect(toast(page, "Lead created successfully")).toBeVisible();
    await expect(duplicates).toHaveCount(0);
    await expect(page).toHaveURL(`/leads?q=${crm.token}`);
    await expect(bodyRows(page)).toHaveCount(2);
    const gracie = row(page, `Gracie Other-${crm.token}`);
    await expect(gracie).toContainText(`New ${crm.token} Co`);
    await expect(gracie).toContainText("£250.00");
    await expect(gracie).toContainText("New");
    await expect(row(page, graceName)).toBeVisible();
  });
});

test.describe("a slow phone", () => {
  test("what is typed before the page has hydrated stays in the fields", async ({ page, crm }) => {
    test.skip(noJs(), "Without JavaScript there is nothing to hydrate.");
    await signIn(page, crm.user, "/leads");
    // Hold the page's scripts back until the user has typed.
    const release = await holdRequests(page, PAGE_SCRIPTS);
    await page.goto(`/leads?new=1&q=${crm.token}`, { waitUntil: "domcontentloaded" });
    const add = dialog(page, "Add New Lead");
    await add.getByLabel("First Name", { exact: true }).fill("Early");
    await add.getByLabel("Company", { exact: true }).fill(`Typed ${crm.token} Ltd`);
    await page.getByRole("searchbox", { name: "Search leads", includeHidden: true }).evaluate((input) => {
      (input as HTMLInputElement).value = "typed-too";
    });
    release();
    await hydrated(page);
    await expect(add.getByLabel("First Name", { exact: true })).toHaveValue("Early");
    await expect(add.getByLabel("Company", { exact: true })).toHaveValue(`Typed ${crm.token} Ltd`);
    await expect(page.getByRole("searchbox", { name: "Search leads", includeHidden: true })).toHaveValue(
      "typed-too",
    );
    // The dialog is now the modal one, and the typed form goes through.
    await add.getByLabel("Last Name", { exact: true }).fill(`Bird-${crm.token}`);
    await add.getByLabel("Email", { exact: true }).fill(`early.${crm.token}@example.com`);
    await add.getByRole("button", { name: "Create Lead" }).click();
    await expect(toast(page, "Lead created successfully")).toBeVisible();
    await expect(row(page, `Early Bird-${crm.token}`)).toBeVisible();
  });
});

// The forms' zod schemas are not in a page's first load: the browser fetches them once a form is on screen, and
// until they arrive the server checks (docs/decisions/017-form-schemas-load-late.md).
test.describe("where the form is checked", () => {
  const FORM_SCHEMAS = "**/build/**/form-schemas-*.js";

  test("the page loads without the schemas; the open form fetches them and is checked without a request", async ({
    page,
    crm,
  }) => {
    test.skip(noJs(), "Without JavaScript the server checks every form.");
    const schemaRequests = requestsOf(page, (request) => /form-schemas-\w+\.js$/.test(request.url()));
    const posts = requestsOf(page, (request) => request.method() === "POST");
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    expect(schemaRequests, "schemas fetched before a form was open").toEqual([]);
    posts.length = 0; // the sign-in's

    const fetched = page.waitForResponse((response) => /form-schemas-\w+\.js$/.test(response.url()));
    await page.getByRole("link", { name: "Add New Lead" }).click();
    await fetched;
    const add = dialog(page, "Add New Lead");
    await add.getByLabel("Email", { exact: true }).fill("not-an-email");
    await add.getByRole("button", { name: "Create Lead" }).click();
    await expectMissingAndBadEmail(add);
    // Checked again as it is typed, still in the browser.
    await add.getByLabel("First Name", { exact: true }).fill("Ada");
    await expect(add.getByLabel("First Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    expect(posts, "form posts").toEqual([]);
    expect(schemaRequests).toHaveLength(1);
  });

  test("before the schemas arrive, the server checks the form and answers the same messages", async ({
    page,
    crm,
  }) => {
    test.skip(noJs(), "Without JavaScript the server checks every form.");
    const posts = requestsOf(page, (request) => request.method() === "POST");
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    posts.length = 0; // the sign-in's
    const release = await holdRequests(page, FORM_SCHEMAS);
    await page.getByRole("link", { name: "Add New Lead" }).click();
    const add = dialog(page, "Add New Lead");
    await add.getByLabel("Email", { exact: true }).fill("not-an-email");
    await add.getByRole("button", { name: "Create Lead" }).click();
    await expectMissingAndBadEmail(add);
    await expect(add.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
    expect(posts, "form posts").toHaveLength(1);

    // The same form goes through once it is filled in, the schemas still held back.
    await add.getByLabel("First Name", { exact: true }).fill("Slow");
    await add.getByLabel("Last Name", { exact: true }).fill(`Phone-${crm.token}`);
    await add.getByLabel("Email", { exact: true }).fill(`slow.${crm.token}@example.com`);
    await add.getByLabel("Company", { exact: true }).fill(`Slow ${crm.token} Ltd`);
    await add.getByRole("button", { name: "Create Lead" }).click();
    await expect(toast(page, "Lead created successfully")).toBeVisible();
    await expect(row(page, `Slow Phone-${crm.token}`)).toBeVisible();
    // Two posts, the refused form and the lead: typing into the fields in between posted nothing.
    expect(posts, "form posts").toHaveLength(2);
    release();
  });
});

/** The URLs of the page's requests that `matches` picks, as they are made. */
function requestsOf(page: Page, matches: (request: Request) => boolean) {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (matches(request)) urls.push(request.url());
  });
  return urls;
}

/** The Add New Lead form sent with first name and company blank and an e-mail that is not one: its messages. */
async function expectMissingAndBadEmail(add: Locator) {
  await expect(add.getByLabel("First Name", { exact: true })).toHaveAccessibleDescription(
    "First name is required",
  );
  await expect(add.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(
    "Valid email is required",
  );
  await expect(add.getByLabel("Company", { exact: true })).toHaveAccessibleDescription("Company is required");
}
