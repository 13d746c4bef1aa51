// Lead Management (/leads): the list, its filters, sorting, paging and tabs; the Add New Lead dialog with its
// validation and duplicate step; the lead detail dialog (status, notes, follow-ups); archive and restore, one
// lead or several; opening a lead by ?leadId=; lost updates (SPEC.md sections 2, 4, 5, 8 and 9; CONTRACT.md).
// Every test runs with JavaScript on ("js") and off ("no-js"), makes its own user and its own leads, and
// isolates them with a unique token in the company (and last) name, found through the search.
import type { Locator, Page } from "@playwright/test";
import crypto from "node:crypto";
import {
  archiveLeadViaApi,
  createLead,
  createNote,
  createUser,
  expect,
  expectAccessible,
  signedInApi,
  signInWithForm,
  test as base,
  type LeadInput,
  type TestUser,
} from "./fixtures";

const noJs = () => test.info().project.name === "no-js";

// These tests walk through whole flows (several page loads, axe checks): more time than the default 30 s.
base.describe.configure({ timeout: 60_000 });

type Api = Awaited<ReturnType<typeof signedInApi>>;
type Crm = {
  user: TestUser;
  api: Api;
  /** Unique to this test: in every company and last name it makes. */
  token: string;
  /** A TSS lead through the API, named `first last-token` at `company` (default `Slate <token> Ltd`). */
  lead: (first: string, last: string, extra?: Partial<LeadInput>) => ReturnType<typeof createLead>;
};

const test = base.extend<{ crm: Crm }>({
  crm: async ({ baseURL }, provide) => {
    const token = `t${crypto.randomBytes(4).toString("hex")}`;
    const user = await createUser(baseURL!, { firstName: "Erin", lastName: "Tester", companies: ["TSS"] });
    const api = await signedInApi(baseURL!, user);
    const lead = (first: string, last: string, extra: Partial<LeadInput> = {}) =>
      createLead(api, {
        firstName: first,
        lastName: `${last}-${token}`,
        email: `${first}.${last}.${token}@example.com`.toLowerCase(),
        company: `Slate ${token} Ltd`,
        ...extra,
      });
    await provide({ user, api, token, lead });
    await api.dispose();
  },
});

/** Opens `path`, signs in on its login screen and waits for the Lead Management page. */
async function signIn(page: Page, user: TestUser, path = "/leads") {
  await page.goto(path);
  await signInWithForm(page, user);
  // (An open dialog makes the rest of the page inert, hidden from the accessibility tree.)
  await expect(
    page.getByRole("heading", { level: 1, name: "Lead Management", includeHidden: true }),
  ).toBeVisible();
  await hydrated(page);
}

/** A full page load, then (with JavaScript) the wait for the page to hydrate. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/**
 * With JavaScript, waits until React has taken over the server-rendered page: until then typing and clicking
 * reach markup that hydration replaces (an open dialog becomes Headless UI's, controlled fields reset).
 */
async function hydrated(page: Page) {
  if (noJs()) return;
  await page.waitForFunction(() => {
    const last = document.querySelector('section[aria-label="Notifications (F8)"]');
    return !!last && Object.keys(last).some((key) => key.startsWith("__reactFiber"));
  });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"]')].every((element) =>
      element.hasAttribute("data-headlessui-state"),
    ),
  );
}

function dialog(page: Page, name: string) {
  return page.getByRole("dialog", { name });
}

function toast(page: Page, text: string) {
  return page.getByRole("region", { name: "Notifications (F8)" }).getByText(text);
}

function section(scope: Locator, name: string) {
  return scope.getByRole("region", { name, exact: true });
}

function tab(page: Page, name: "Active Leads" | "Archive") {
  return page
    .getByRole("navigation", { name: "Lead lists" })
    .getByRole("link", { name: new RegExp(`^${name} \\(`) });
}

/** The rows of the table on screen (active or archived), by the contact names in them. */
function bodyRows(page: Page) {
  return page.locator("table tbody tr");
}

function row(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name: `View ${name}`, exact: true }) });
}

/** Types into the search box and runs the search: with JavaScript the list follows as one types. */
async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search leads" }).fill(text);
  if (noJs()) await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
}

/** The page's query parameters, without the empty ones a GET form sends for its blank fields. */
function params(page: Page) {
  return Object.fromEntries([...new URL(page.url()).searchParams].filter(([, value]) => value !== ""));
}

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
    await expect(add.getByLabel("First Name", { exact: true })).toHaveAccessibleDescription(
      "First name is required",
    );
    await expect(add.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(
      "Valid email is required",
    );
    await expect(add.getByLabel("Company", { exact: true })).toHaveAccessibleDescription(
      "Company is required",
    );
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
    const match = duplicates.getByRole("listitem").filter({ hasText: graceName });
    await expect(duplicates.getByRole("listitem")).toHaveCount(1);
    await expect(match).toContainText("Archived");
    await expect(match).toContainText(archived.email);
    await expect(match).toContainText(`Harbour ${crm.token} Ltd`);
    await expect(match).toContainText("Contacted");
    await expect(duplicates.getByRole("button", { name: "Create New Lead Anyway" })).toBeVisible();
    await expect(duplicates.getByRole("link", { name: "Cancel" })).toBeVisible();
    await expectAccessible(page);

    await match.getByRole("button", { name: "Restore" }).click();
    await expect(toast(page, "Lead restored successfully")).toBeVisible();
    const detail = dialog(page, graceName);
    await expect(detail).toBeVisible();
    expect(params(page)).toEqual({ q: `Harbour ${crm.token} Ltd`, open: archived.id });
    await detail.getByRole("link", { name: "Close" }).click();
    await expect(detail).toHaveCount(0);
    await expect(tab(page, "Active Leads")).toHaveAttribute("aria-current", "page");
    await expect(tab(page, "Archive")).toHaveText("Archive (0)");
    await expect(row(page, graceName)).toBeVisible();
    await expect(row(page, graceName).getByRole("link", { name: `Archive ${graceName}` })).toBeVisible();

    // Now it is active: the duplicate step lists it without Restore. Cancel creates nothing.
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
    await duplicates.getByRole("link", { name: "Cancel" }).click();
    await expect(duplicates).toHaveCount(0);
    await expect(bodyRows(page)).toHaveCount(1);

    await fillGracie();
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

test.describe("lead detail dialog", () => {
  test("shows the lead's sections; a status change adds a progress entry and changes the badges", async ({
    page,
    crm,
  }) => {
    const lead = await crm.lead("Isambard", "Brunel", {
      phone: "+44 117 496 0000",
      position: "Chief Engineer",
      estimatedValue: 42000,
    });
    const name = `Isambard Brunel-${crm.token}`;
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    await row(page, name)
      .getByRole("link", { name: `View ${name}` })
      .click();
    const detail = dialog(page, name);
    await expect(detail.getByRole("heading", { name, exact: true })).toBeVisible();
    expect(params(page)).toEqual({ q: crm.token, open: lead.id });

    const contact = section(detail, "Contact Information");
    await expect(contact).toContainText("Chief Engineer");
    await expect(contact).toContainText(`Slate ${crm.token} Ltd`);
    await expect(contact.getByRole("link", { name: lead.email })).toHaveAttribute(
      "href",
      `mailto:${lead.email}`,
    );
    await expect(contact).toContainText("£42,000.00");
    await expect(contact.getByText("New", { exact: true })).toBeVisible();

    const quick = section(detail, "Quick Actions");
    await expect(quick.getByRole("link", { name: "Call Contact" })).toHaveAttribute(
      "href",
      "tel:+441174960000",
    );
    await expect(quick.getByRole("link", { name: "Send Email" })).toHaveAttribute(
      "href",
      `mailto:${lead.email}`,
    );

    const info = section(detail, "Lead Information");
    await expect(info).toContainText(`Lead ID${lead.id.slice(-8)}`);
    await expect(info).toContainText("Created byErin Tester");
    await expect(info).toContainText("Assigned toUnassigned");

    const schedule = section(detail, "Schedule Follow-up");
    await expect(schedule.getByRole("link", { name: "Schedule Follow Up" })).toHaveAttribute(
      "href",
      `/calendar?${new URLSearchParams({ leadId: lead.id, leadName: name })}`,
    );

    const progress = section(detail, "Lead Progress").getByRole("listitem");
    await expect(progress).toHaveCount(1);
    await expect(progress.first()).toContainText("New");
    await expectAccessible(page);

    const form = section(detail, "Update Lead");
    await expect(form.getByLabel("First Name", { exact: true })).toHaveValue("Isambard");
    await expect(form.getByLabel("Estimated Value (£)")).toHaveValue("42000.00");
    await form.getByLabel("Status", { exact: true }).selectOption({ label: "Qualified" });
    await form.getByRole("button", { name: "Update Lead" }).click();

    await expect(toast(page, "Lead updated successfully")).toBeVisible();
    await expect(progress).toHaveCount(2);
    await expect(progress.nth(0)).toContainText("New");
    await expect(progress.nth(1)).toContainText("Qualified");
    await expect(contact.getByText("Qualified", { exact: true })).toBeVisible();
    await expect(contact.getByText("New", { exact: true })).toHaveCount(0);
    await expect(info).toContainText("StatusQualified");
    await expect(form.getByLabel("Status", { exact: true })).toHaveValue("QUALIFIED");
    // The other fields were kept.
    await expect(contact).toContainText("£42,000.00");
    await expect(contact).toContainText("Chief Engineer");

    // Saving without a change of status adds no progress entry.
    await form.getByLabel("Position", { exact: true }).fill("Director");
    await form.getByRole("button", { name: "Update Lead" }).click();
    await expect(contact).toContainText("Director");
    await expect(progress).toHaveCount(2);

    await detail.getByRole("link", { name: "Close" }).click();
    await expect(detail).toHaveCount(0);
    await expect(row(page, name)).toContainText("Qualified");
    await expect(page).toHaveURL(`/leads?q=${crm.token}`);
  });

  test("the update form checks its fields like the add form", async ({ page, crm }) => {
    const lead = await crm.lead("Mary", "Anning");
    const name = `Mary Anning-${crm.token}`;
    await signIn(page, crm.user, `/leads?q=${crm.token}&open=${lead.id}`);
    const form = section(dialog(page, name), "Update Lead");
    await form.getByLabel("First Name", { exact: true }).fill("");
    await form.getByLabel("Email", { exact: true }).fill("mary-at-example");
    await form.getByLabel("Email", { exact: true }).press("Tab");
    await form.getByRole("button", { name: "Update Lead" }).click();
    await expect(form.getByLabel("First Name", { exact: true })).toHaveAccessibleDescription(
      "First name is required",
    );
    await expect(form.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(
      "Valid email is required",
    );
    await expect(toast(page, "Lead updated successfully")).toHaveCount(0);
    // Nothing was saved.
    await visit(page, `/leads?q=${crm.token}`);
    await expect(row(page, name)).toContainText(lead.email);
  });

  test("a note with a follow-up date, then Mark Complete", async ({ page, crm }) => {
    const lead = await crm.lead("Josiah", "Wedgwood");
    await createNote(crm.api, { leadId: lead.id, content: "First call went well." });
    const name = `Josiah Wedgwood-${crm.token}`;
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    await row(page, name)
      .getByRole("link", { name: `View ${name}` })
      .click();
    const notes = section(dialog(page, name), "Notes & Comments");
    await expect(notes.getByRole("listitem")).toHaveCount(1);
    await expect(notes.getByRole("listitem")).toContainText("First call went well.");
    await expect(notes.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);

    const text = notes.getByRole("textbox", { name: "Add a note" });
    const addNote = notes.getByRole("button", { name: "Add Note" });
    if (noJs()) {
      // Without JavaScript the button cannot follow the text; the server refuses a blank note.
      await text.fill("   ");
      await addNote.click();
      await expect(text).toHaveAccessibleDescription("Note cannot be empty");
      await expect(notes.getByText("First call went well.")).toBeVisible();
    } else {
      await expect(addNote).toBeDisabled();
      await text.fill("   ");
      await expect(addNote).toBeDisabled();
    }
    await text.fill("Send the quarry samples.");
    await expect(addNote).toBeEnabled();
    await notes.getByLabel("Follow-up date (optional)").fill("2030-03-14");
    await addNote.click();

    await expect(toast(page, "Note added successfully")).toBeVisible();
    const items = notes.getByRole("listitem");
    await expect(items).toHaveCount(2);
    // Newest first, with its author and follow-up.
    await expect(items.first()).toContainText("Send the quarry samples.");
    await expect(items.first()).toContainText("Erin");
    await expect(items.first()).toContainText("Follow-up 14 Mar 2030");
    await expect(items.nth(1)).toContainText("First call went well.");
    await expect(text).toHaveValue("");
    const complete = notes.getByRole("button", { name: "Mark Complete" });
    await expect(complete).toHaveCount(1);
    await expectAccessible(page);

    await complete.click();
    await expect(toast(page, "Follow-up marked as complete")).toBeVisible();
    await expect(notes.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);
    await expect(items.first()).toContainText("Complete");
    await expect(items.first()).toContainText("Send the quarry samples.");
  });

  test("a save on a stale copy is refused and the first save stays", async ({
    page,
    crm,
    browser,
    baseURL,
  }) => {
    const lead = await crm.lead("Ada", "Stale", { position: "Analyst" });
    const name = `Ada Stale-${crm.token}`;
    const path = `/leads?q=${crm.token}&open=${lead.id}`;
    await signIn(page, crm.user, path);
    const other = await browser.newContext({ baseURL, javaScriptEnabled: !noJs() });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, crm.user, path);
      const first = section(dialog(page, name), "Update Lead");
      const second = section(dialog(otherPage, name), "Update Lead");
      await expect(first.getByLabel("Position", { exact: true })).toHaveValue("Analyst");
      await expect(second.getByLabel("Position", { exact: true })).toHaveValue("Analyst");

      await first.getByLabel("Position", { exact: true }).fill("Director A");
      await first.getByRole("button", { name: "Update Lead" }).click();
      await expect(toast(page, "Lead updated successfully")).toBeVisible();

      await second.getByLabel("Position", { exact: true }).fill("Director B");
      await second.getByRole("button", { name: "Update Lead" }).click();
      await expect(
        dialog(otherPage, name).getByText("This lead was changed by someone else. Reload and try again."),
      ).toBeVisible();
      await expect(toast(otherPage, "Lead updated successfully")).toHaveCount(0);

      // The first save stays, for both.
      await visit(otherPage, path);
      await expect(section(dialog(otherPage, name), "Contact Information")).toContainText("Director A");
      await expect(
        section(dialog(otherPage, name), "Update Lead").getByLabel("Position", { exact: true }),
      ).toHaveValue("Director A");
      const detail = await crm.api.get(`/api/leads/detail/${lead.id}`);
      expect((await detail.json()).position).toBe("Director A");

      // After the reload the save goes through.
      await section(dialog(otherPage, name), "Update Lead")
        .getByLabel("Position", { exact: true })
        .fill("Director B");
      await section(dialog(otherPage, name), "Update Lead")
        .getByRole("button", { name: "Update Lead" })
        .click();
      await expect(toast(otherPage, "Lead updated successfully")).toBeVisible();
      await expect(section(dialog(otherPage, name), "Contact Information")).toContainText("Director B");
    } finally {
      await other.close();
    }
  });
});

test.describe("archive and restore", () => {
  test("archive asks 'YOU ARE ABOUT TO TRASH THIS LEAD'; restore asks 'Are you sure...'", async ({
    page,
    crm,
  }) => {
    await crm.lead("Thomas", "Telford");
    await crm.lead("Abraham", "Darby");
    const name = `Thomas Telford-${crm.token}`;
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    await expect(tab(page, "Active Leads")).toHaveText("Active Leads (2)");
    await expect(tab(page, "Archive")).toHaveText("Archive (0)");

    // Cancel keeps it.
    await row(page, name)
      .getByRole("link", { name: `Archive ${name}` })
      .click();
    let confirm = dialog(page, "Archive Lead");
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText("YOU ARE ABOUT TO TRASH THIS LEAD", { exact: true })).toBeVisible();
    await expect(confirm).toContainText(`Slate ${crm.token} Ltd`);
    await expectAccessible(page);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(`/leads?q=${crm.token}`);
    await expect(row(page, name)).toBeVisible();
    await expect(tab(page, "Active Leads")).toHaveText("Active Leads (2)");

    // Confirmed: it moves to the Archive tab.
    await row(page, name)
      .getByRole("link", { name: `Archive ${name}` })
      .click();
    confirm = dialog(page, "Archive Lead");
    await confirm.getByRole("button", { name: "Archive Lead" }).click();
    await expect(toast(page, "Lead archived successfully")).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(row(page, name)).toHaveCount(0);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(tab(page, "Active Leads")).toHaveText("Active Leads (1)");
    await expect(tab(page, "Archive")).toHaveText("Archive (1)");

    await tab(page, "Archive").click();
    await expect(tab(page, "Archive")).toHaveAttribute("aria-current", "page");
    expect(params(page)).toEqual({ tab: "archive", q: crm.token });
    await expect(page.getByRole("columnheader", { name: "Archived Date" })).toBeVisible();
    await expect(row(page, name)).toBeVisible();
    await expect(row(page, name)).toContainText("Today");
    await expect(row(page, name).getByRole("link", { name: `Archive ${name}` })).toHaveCount(0);
    await expectAccessible(page);

    // Restore.
    await row(page, name)
      .getByRole("link", { name: `Restore ${name}` })
      .click();
    confirm = dialog(page, "Restore Lead");
    await expect(
      confirm.getByText("Are you sure you want to restore this lead?", { exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Restore Lead" }).click();
    await expect(toast(page, "Lead restored successfully")).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText("No archived leads match the current filters.")).toBeVisible();
    await expect(tab(page, "Archive")).toHaveText("Archive (0)");
    await tab(page, "Active Leads").click();
    await expect(row(page, name)).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(2);
  });

  test("bulk: select two rows, 'Archive selected', confirm; both are in the Archive, then restored", async ({
    page,
    crm,
  }) => {
    await crm.lead("Alpha", "One");
    await crm.lead("Bravo", "Two");
    await crm.lead("Charlie", "Three");
    const [a, b, c] = [`Alpha One-${crm.token}`, `Bravo Two-${crm.token}`, `Charlie Three-${crm.token}`];
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    await expect(bodyRows(page)).toHaveCount(3);

    await page.getByRole("checkbox", { name: `Select ${a}` }).check();
    await page.getByRole("checkbox", { name: `Select ${c}` }).check();
    await expect(page.getByRole("checkbox", { name: `Select ${b}` })).not.toBeChecked();
    await page.getByRole("button", { name: /^Archive selected/ }).click();

    const confirm = dialog(page, "Archive Leads");
    await expect(confirm.getByText("YOU ARE ABOUT TO TRASH THESE 2 LEADS", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Archive Leads" }).click();
    await expect(toast(page, "Lead archived successfully")).toBeVisible();
    await expect(toast(page, "2 leads archived.")).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(row(page, b)).toBeVisible();
    await expect(tab(page, "Archive")).toHaveText("Archive (2)");

    await tab(page, "Archive").click();
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(row(page, a)).toBeVisible();
    await expect(row(page, c)).toBeVisible();

    // Select all on the page, then 'Restore selected'.
    await page.getByRole("checkbox", { name: "Select all leads on this page" }).check();
    await page.getByRole("button", { name: /^Restore selected/ }).click();
    const restore = dialog(page, "Restore Leads");
    await expect(
      restore.getByText("Are you sure you want to restore these 2 leads?", { exact: true }),
    ).toBeVisible();
    await restore.getByRole("button", { name: "Restore Leads" }).click();
    await expect(toast(page, "Lead restored successfully")).toBeVisible();
    await expect(page.getByText("No archived leads match the current filters.")).toBeVisible();
    await tab(page, "Active Leads").click();
    await expect(bodyRows(page)).toHaveCount(3);
  });
});

test.describe("filters, sorting and paging", () => {
  test("search, status and My Leads Only narrow the list; Clear Filters resets them", async ({
    page,
    crm,
    baseURL,
  }) => {
    const colleague = await createUser(baseURL!, {
      firstName: "Colin",
      lastName: "League",
      companies: ["TSS"],
    });
    const colleagueApi = await signedInApi(baseURL!, colleague);
    try {
      await crm.lead("Mine", "New", { status: "NEW", company: `Quarry ${crm.token} Ltd` });
      await crm.lead("Mine", "Qualified", { status: "QUALIFIED", company: `Slate ${crm.token} Ltd` });
      await createLead(colleagueApi, {
        firstName: "Theirs",
        lastName: `Qualified-${crm.token}`,
        email: `theirs.${crm.token}@example.com`,
        company: `Slate ${crm.token} Ltd`,
        status: "QUALIFIED",
      });
      await createLead(colleagueApi, {
        firstName: "Assigned",
        lastName: `ToMe-${crm.token}`,
        email: `assigned.${crm.token}@example.com`,
        company: `Quarry ${crm.token} Ltd`,
        assignedToId: crm.user.id,
      });
    } finally {
      await colleagueApi.dispose();
    }
    const mineNew = `Mine New-${crm.token}`;
    const mineQualified = `Mine Qualified-${crm.token}`;
    const theirs = `Theirs Qualified-${crm.token}`;
    const assigned = `Assigned ToMe-${crm.token}`;

    await signIn(page, crm.user);
    await search(page, crm.token);
    await expect(bodyRows(page)).toHaveCount(4);
    await expect(page.getByText("Showing 1 to 4 of 4 results")).toBeVisible();
    await expect(row(page, theirs)).toContainText("Colin League");
    await expect(row(page, assigned)).toContainText("Assigned: Erin Tester");
    await expectAccessible(page);

    // Search matches the company, the names and the e-mail, in any case.
    await search(page, `QUARRY ${crm.token}`);
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(row(page, mineNew)).toBeVisible();
    await expect(row(page, assigned)).toBeVisible();
    await search(page, `theirs.${crm.token}@`);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(row(page, theirs)).toBeVisible();

    await search(page, crm.token);
    await expect(bodyRows(page)).toHaveCount(4);
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Qualified" });
    if (noJs()) await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => params(page).status).toBe("QUALIFIED");
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(row(page, mineQualified)).toBeVisible();
    await expect(row(page, theirs)).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search leads" })).toHaveValue(crm.token);
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("QUALIFIED");

    const whose = page.getByRole("navigation", { name: "Whose leads" });
    await expect(whose.getByRole("link", { name: "All Team Leads" })).toHaveAttribute("aria-current", "true");
    await whose.getByRole("link", { name: "My Leads Only" }).click();
    await expect(whose.getByRole("link", { name: "My Leads Only" })).toHaveAttribute("aria-current", "true");
    expect(params(page)).toEqual({ q: crm.token, status: "QUALIFIED", mine: "1" });
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(row(page, mineQualified)).toBeVisible();

    // My leads are the ones I made and the ones assigned to me.
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "All Statuses" });
    if (noJs()) await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => params(page).status).toBeUndefined();
    expect(params(page)).toEqual({ q: crm.token, mine: "1" });
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(row(page, assigned)).toBeVisible();
    await expect(row(page, theirs)).toHaveCount(0);

    await whose.getByRole("link", { name: "All Team Leads" }).click();
    await expect(bodyRows(page)).toHaveCount(4);

    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Closed Lost" });
    if (noJs()) await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No leads match the current filters.")).toBeVisible();
    await expect(page.getByText("Showing 0 to 0 of 0 results")).toBeVisible();

    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL("/leads");
    await expect(page.getByRole("searchbox", { name: "Search leads" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("");
    await expect(whose.getByRole("link", { name: "All Team Leads" })).toHaveAttribute("aria-current", "true");
  });

  test("the status filter offers SPEC.md's statuses", async ({ page, crm }) => {
    await signIn(page, crm.user);
    await expect(page.getByRole("searchbox", { name: "Search leads" })).toHaveAttribute(
      "placeholder",
      "Search leads...",
    );
    await expect(page.getByRole("combobox", { name: "Status" }).getByRole("option")).toHaveText([
      "All Statuses",
      "New",
      "Contacted",
      "Qualified",
      "Proposal",
      "Closed Won",
      "Closed Lost",
    ]);
  });

  test("a column header sorts the list (aria-sort and order), again the other way", async ({ page, crm }) => {
    await crm.lead("Carol", "Cee", { company: `Bravo ${crm.token}`, estimatedValue: 300 });
    await crm.lead("Alice", "Ay", { company: `Charlie ${crm.token}`, estimatedValue: 100 });
    await crm.lead("Bob", "Bee", { company: `Alpha ${crm.token}`, estimatedValue: null });
    const companies = () => page.locator("table tbody tr td:nth-child(2)");
    await signIn(page, crm.user, `/leads?q=${crm.token}`);

    // Newest update first by default.
    const header = (name: string) => page.getByRole("columnheader", { name, exact: true });
    await expect(header("Last Update")).toHaveAttribute("aria-sort", "descending");
    await expect(header("Company")).toHaveAttribute("aria-sort", "none");
    await expect(companies()).toHaveText([
      `Alpha ${crm.token}`,
      `Charlie ${crm.token}`,
      `Bravo ${crm.token}`,
    ]);

    await header("Company").getByRole("link").click();
    await expect(header("Company")).toHaveAttribute("aria-sort", "ascending");
    await expect(header("Last Update")).toHaveAttribute("aria-sort", "none");
    await expect(companies()).toHaveText([
      `Alpha ${crm.token}`,
      `Bravo ${crm.token}`,
      `Charlie ${crm.token}`,
    ]);
    expect(params(page)).toEqual({ q: crm.token, sort: "company" });

    await header("Company").getByRole("link").click();
    await expect(header("Company")).toHaveAttribute("aria-sort", "descending");
    await expect(companies()).toHaveText([
      `Charlie ${crm.token}`,
      `Bravo ${crm.token}`,
      `Alpha ${crm.token}`,
    ]);

    await header("Contact").getByRole("link").click();
    await expect(header("Contact")).toHaveAttribute("aria-sort", "ascending");
    await expect(header("Company")).toHaveAttribute("aria-sort", "none");
    await expect(companies()).toHaveText([
      `Charlie ${crm.token}`,
      `Alpha ${crm.token}`,
      `Bravo ${crm.token}`,
    ]);

    // Value: no value last.
    await header("Value").getByRole("link").click();
    await expect(header("Value")).toHaveAttribute("aria-sort", "ascending");
    await expect(companies()).toHaveText([
      `Charlie ${crm.token}`,
      `Bravo ${crm.token}`,
      `Alpha ${crm.token}`,
    ]);
    await expect(page.locator("table tbody tr td:nth-child(5)")).toHaveText(["£100.00", "£300.00", "-"]);

    // The sort survives a new search.
    await search(page, `Bravo ${crm.token}`);
    await expect(companies()).toHaveText([`Bravo ${crm.token}`]);
    await expect(header("Value")).toHaveAttribute("aria-sort", "ascending");
    // Ascending is the default for a column, so the address leaves it out.
    expect(params(page)).toEqual({ q: `Bravo ${crm.token}`, sort: "value" });
    await expectAccessible(page);
  });

  test("50 leads a page: Next shows 'Showing 51 to N of N results', Previous goes back", async ({
    page,
    crm,
  }) => {
    const total = 53;
    for (let start = 0; start < total; start += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, total - start) }, (_, i) =>
          crm.lead(`Page${String(start + i).padStart(2, "0")}`, "Lead", {
            company: `Paged ${crm.token} Ltd`,
          }),
        ),
      );
    }
    await signIn(page, crm.user, `/leads?q=${crm.token}&sort=contact`);
    await expect(page.getByText(`Showing 1 to 50 of ${total} results`)).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(50);
    await expect(tab(page, "Active Leads")).toHaveText(`Active Leads (${total})`);
    const previous = page.getByText("Previous", { exact: true });
    await expect(previous).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);

    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByText(`Showing 51 to ${total} of ${total} results`)).toBeVisible();
    expect(params(page)).toEqual({ q: crm.token, sort: "contact", page: "2" });
    await expect(bodyRows(page)).toHaveCount(total - 50);
    await expect(row(page, `Page50 Lead-${crm.token}`)).toBeVisible();
    await expect(row(page, `Page00 Lead-${crm.token}`)).toHaveCount(0);
    await expect(page.getByText("Next", { exact: true })).toHaveAttribute("aria-disabled", "true");

    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByText(`Showing 1 to 50 of ${total} results`)).toBeVisible();
    await expect(row(page, `Page00 Lead-${crm.token}`)).toBeVisible();
    await expect(row(page, `Page50 Lead-${crm.token}`)).toHaveCount(0);
  });

  test("empty texts for filters that match nothing, in both tabs", async ({ page, crm }) => {
    await signIn(page, crm.user);
    await search(page, `nothing-${crm.token}`);
    await expect(page.getByText("No leads match the current filters.")).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(tab(page, "Active Leads")).toHaveText("Active Leads (0)");
    await expect(page.getByRole("button", { name: /^Archive selected/ })).toBeDisabled();
    await tab(page, "Archive").click();
    await expect(page.getByText("No archived leads match the current filters.")).toBeVisible();
    expect(params(page)).toEqual({ tab: "archive", q: `nothing-${crm.token}` });
    await expect(page.getByRole("button", { name: /^Restore selected/ })).toBeDisabled();
    await expectAccessible(page);
  });
});

test.describe("opening a lead by ?leadId=", () => {
  test("opens the dialog with the search set to its company; archived ones in the Archive tab; edit=true", async ({
    page,
    crm,
  }) => {
    const active = await crm.lead("Henry", "Royce", { company: `Royce ${crm.token} Motors` });
    const archived = await crm.lead("Charles", "Rolls", { company: `Rolls ${crm.token} Cars` });
    await archiveLeadViaApi(crm.api, archived.id);
    await signIn(page, crm.user);

    await visit(page, `/leads?leadId=${active.id}`);
    const activeDialog = dialog(page, `Henry Royce-${crm.token}`);
    await expect(activeDialog).toBeVisible();
    expect(params(page)).toEqual({ q: `Royce ${crm.token} Motors`, open: active.id });
    await expect(page.getByRole("searchbox", { name: "Search leads", includeHidden: true })).toHaveValue(
      `Royce ${crm.token} Motors`,
    );
    await expect(section(activeDialog, "Lead Information")).toContainText(active.id.slice(-8));
    await activeDialog.getByRole("link", { name: "Close" }).click();
    await expect(tab(page, "Active Leads")).toHaveAttribute("aria-current", "page");
    await expect(bodyRows(page)).toHaveCount(1);

    await visit(page, `/leads?leadId=${archived.id}`);
    const archivedDialog = dialog(page, `Charles Rolls-${crm.token}`);
    await expect(archivedDialog).toBeVisible();
    expect(params(page)).toEqual({ tab: "archive", q: `Rolls ${crm.token} Cars`, open: archived.id });
    await expect(section(archivedDialog, "Lead Information")).toContainText("Archived");
    await archivedDialog.getByRole("link", { name: "Close" }).click();
    await expect(tab(page, "Archive")).toHaveAttribute("aria-current", "page");
    await expect(row(page, `Charles Rolls-${crm.token}`)).toBeVisible();

    await visit(page, `/leads?leadId=${active.id}&edit=true`);
    await expect(activeDialog).toBeVisible();
    expect(params(page)).toEqual({ q: `Royce ${crm.token} Motors`, open: active.id, edit: "true" });
    const firstName = section(activeDialog, "Update Lead").getByLabel("First Name", { exact: true });
    if (!noJs()) await expect(firstName).toBeFocused();
    await firstName.fill("Frederick");
    await section(activeDialog, "Update Lead").getByRole("button", { name: "Update Lead" }).click();
    await expect(toast(page, "Lead updated successfully")).toBeVisible();
    await expect(dialog(page, `Frederick Royce-${crm.token}`)).toBeVisible();
  });

  test("an unknown or foreign lead id goes to /leads with 'Could not open lead details.'", async ({
    page,
    crm,
  }) => {
    await signIn(page, crm.user);
    await visit(page, `/leads?leadId=${crypto.randomUUID()}`);
    await expect(page).toHaveURL("/leads");
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("alert")).toContainText(
      "Could not open lead details.",
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await visit(page, "/leads?leadId=not-an-id");
    await expect(page).toHaveURL("/leads");
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("alert")).toContainText(
      "Could not open lead details.",
    );
  });
});

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  async function expectNoHorizontalOverflow(page: Page) {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  }

  test("the list scrolls only inside the table; the dialogs fit", async ({ page, crm }) => {
    await crm.lead("Bartholomew", "Featherstonehaugh", {
      company: `Extraordinarily Long Quarry Name ${crm.token} Limited`,
      estimatedValue: 123456789.5,
    });
    await crm.lead("Jo", "Lo");
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    await expect(bodyRows(page)).toHaveCount(2);
    await expectNoHorizontalOverflow(page);
    // The table is wider than the phone and scrolls in its own region.
    const region = page.getByRole("region", { name: "Active leads" });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expectAccessible(page);

    await row(page, `Jo Lo-${crm.token}`)
      .getByRole("link", { name: `View Jo Lo-${crm.token}` })
      .click();
    await expect(dialog(page, `Jo Lo-${crm.token}`)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    await visit(page, `/leads?q=${crm.token}&new=1`);
    await expect(dialog(page, "Add New Lead")).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
