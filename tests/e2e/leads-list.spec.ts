// The Lead Management list (SPEC.md sections 2, 4 and 9): archive and restore, one lead or several; filters,
// sorting and paging; the phone layout. Every test runs with JavaScript on and off.
import type { Locator } from "@playwright/test";
import {
  archiveLeadViaApi,
  createLead,
  createUser,
  dialog,
  expect,
  expectAccessible,
  expectNothingWiderThanViewport,
  holdRequests,
  noJs,
  PAGE_SCRIPTS,
  params,
  pathname,
  section,
  signedInApi,
  test,
  toast,
  visit,
} from "./fixtures";
import { bodyRows, row, search, signInToLeads as signIn, tab } from "./leads-helpers";

// These tests walk through whole flows (several page loads, axe checks): more time than the default 30 s.
test.describe.configure({ timeout: 60_000 });

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

    // A sort is not a filter: Clear Filters keeps it.
    const company = page.getByRole("columnheader", { name: "Company", exact: true });
    await company.getByRole("link").click();
    await expect(company).toHaveAttribute("aria-sort", "ascending");
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL("/leads?sort=company");
    await expect(company).toHaveAttribute("aria-sort", "ascending");
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

    // Value: largest first by default (DEFAULT_SORT_DIRECTION, the API's too), no value last.
    await header("Value").getByRole("link").click();
    await expect(header("Value")).toHaveAttribute("aria-sort", "descending");
    await expect(companies()).toHaveText([
      `Bravo ${crm.token}`,
      `Charlie ${crm.token}`,
      `Alpha ${crm.token}`,
    ]);
    await expect(page.locator("table tbody tr td:nth-child(5)")).toHaveText(["£300.00", "£100.00", "-"]);
    await header("Value").getByRole("link").click();
    await expect(header("Value")).toHaveAttribute("aria-sort", "ascending");
    await expect(page.locator("table tbody tr td:nth-child(5)")).toHaveText(["£100.00", "£300.00", "-"]);
    expect(params(page)).toEqual({ q: crm.token, sort: "value", dir: "asc" });

    // The sort survives a new search.
    await search(page, `Bravo ${crm.token}`);
    await expect(companies()).toHaveText([`Bravo ${crm.token}`]);
    await expect(header("Value")).toHaveAttribute("aria-sort", "ascending");
    expect(params(page)).toEqual({ q: `Bravo ${crm.token}`, sort: "value", dir: "asc" });
    // The default direction is left out of the address.
    await header("Company").getByRole("link").click();
    await expect(header("Company")).toHaveAttribute("aria-sort", "ascending");
    expect(params(page)).toEqual({ q: `Bravo ${crm.token}`, sort: "company" });
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

    // 'Select all' on page 2 means the three leads shown there (without JavaScript too), and the list stays
    // sorted; page 2 gone, it shows the last page.
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByText(`Showing 51 to ${total} of ${total} results`)).toBeVisible();
    await page.getByRole("checkbox", { name: "Select all leads on this page" }).check();
    await page.getByRole("button", { name: /^Archive selected/ }).click();
    const confirm = dialog(page, "Archive Leads");
    await expect(confirm.getByText("YOU ARE ABOUT TO TRASH THESE 3 LEADS", { exact: true })).toBeVisible();
    expect(params(page)).toMatchObject({ sort: "contact", page: "2" });
    await confirm.getByRole("button", { name: "Archive Leads" }).click();
    await expect(toast(page, "3 leads archived.")).toBeVisible();
    await expect(page.getByText("Showing 1 to 50 of 50 results")).toBeVisible();
    await expect(row(page, `Page49 Lead-${crm.token}`)).toBeVisible();
    await expect(tab(page, "Archive")).toHaveText("Archive (3)");
    await tab(page, "Archive").click();
    for (const n of [50, 51, 52]) await expect(row(page, `Page${n} Lead-${crm.token}`)).toBeVisible();
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

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("each lead is a card with its status, value, owner and open link in view; the header sorts; the name opens the lead", async ({
    page,
    crm,
  }) => {
    const long = await crm.lead("Bartholomew", "Featherstonehaugh", {
      company: `Extraordinarily Long Quarry Name ${crm.token} Limited`,
      estimatedValue: 123456789.5,
      status: "PROPOSAL",
    });
    const short = await crm.lead("Jo", "Lo", { estimatedValue: 5 });
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    await expect(bodyRows(page)).toHaveCount(2);
    await expectNothingWiderThanViewport(page);
    const name = `Bartholomew Featherstonehaugh-${crm.token}`;
    // Whole within the phone's width: the card's fields, each named where its column header would be.
    const inView = async (card: Locator, texts: (string | RegExp)[], open: string) => {
      await card.scrollIntoViewIfNeeded();
      for (const text of texts)
        await expect(card.getByText(text, { exact: true })).toBeInViewport({ ratio: 1 });
      await expect(card.getByRole("link", { name: open, exact: true })).toBeInViewport({ ratio: 1 });
    };
    await inView(
      row(page, name),
      ["Proposal Sent", "£123,456,789.50", "Erin Tester", "Today"],
      `View ${name}`,
    );
    await expect(row(page, name).getByRole("cell", { name: "Last Update: Today" })).toBeVisible();
    await expectAccessible(page);

    // The column headers are a bar of sort links above the cards.
    await page.getByRole("columnheader", { name: "Value" }).getByRole("link").click();
    await expect(page.getByRole("columnheader", { name: "Value" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(bodyRows(page).locator("td:nth-child(5)")).toHaveText(["£123,456,789.50", "£5.00"]);

    // The company and the name open the lead over the list, keeping its state, as View does.
    const view = `/leads/${long.id}?q=${crm.token}&sort=value`;
    await expect(row(page, name).getByRole("link", { name: long.company, exact: true })).toHaveAttribute(
      "href",
      view,
    );
    // With JavaScript the document's one handler follows it (docs/decisions/014): the page stays.
    const marked = () => page.evaluate(() => (window as { marked?: boolean }).marked === true);
    if (!noJs()) await page.evaluate(() => ((window as { marked?: boolean }).marked = true));
    await row(page, name).getByRole("link", { name, exact: true }).click();
    await expect(dialog(page, name)).toBeVisible();
    expect(`${pathname(page)}?${new URL(page.url()).searchParams}`).toBe(view);
    if (!noJs()) expect(await marked()).toBe(true);
    await expectNothingWiderThanViewport(page);

    // The Archive's cards have the restore action and the archived date.
    await archiveLeadViaApi(crm.api, short.id);
    await visit(page, `/leads?tab=archive&q=${crm.token}`);
    const archived = `Jo Lo-${crm.token}`;
    await inView(row(page, archived), ["New", "£5.00", "Erin Tester"], `Restore ${archived}`);
    await expect(row(page, archived).getByRole("cell", { name: "Archived Date: Today" })).toBeVisible();
    await expectNothingWiderThanViewport(page);

    await visit(page, `/leads?q=${crm.token}&new=1`);
    await expect(dialog(page, "Add New Lead")).toBeVisible();
    await expectNothingWiderThanViewport(page);
  });
});

test.describe("the search with JavaScript", () => {
  test("Enter runs the search once, and a click while a type-ahead search waits is not lost", async ({
    page,
    crm,
  }) => {
    test.skip(noJs(), "Type-ahead is the page's JavaScript; without it the search runs on Enter alone.");
    const lead = await crm.lead("Ada", "Once");
    await signIn(page, crm.user, "/leads");
    const searches: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/leads") && url.searchParams.get("q") === crm.token)
        searches.push(url.href);
    });
    const box = page.getByRole("searchbox", { name: "Search leads" });
    await box.fill(crm.token);
    await box.press("Enter");
    await expect(bodyRows(page)).toHaveCount(1);
    await page.waitForTimeout(800);
    expect(searches).toHaveLength(1);

    // Typing starts a type-ahead search; a click on a row before it fires wins.
    await box.fill(`${crm.token} x`);
    await row(page, `Ada Once-${crm.token}`)
      .getByRole("link", { name: `View Ada Once-${crm.token}` })
      .click();
    await page.waitForTimeout(800);
    expect(pathname(page)).toBe(`/leads/${lead.id}`);
    await expect(dialog(page, `Ada Once-${crm.token}`)).toBeVisible();
  });
});

test.describe("type-ahead", () => {
  test("starts at the third character; Enter searches for less", async ({ page, crm }) => {
    test.skip(noJs(), "Type-ahead is the page's JavaScript.");
    await signIn(page, crm.user, "/leads");
    const box = page.getByRole("searchbox", { name: "Search leads" });
    await box.fill("ab");
    await page.waitForTimeout(700);
    expect(params(page).q).toBeUndefined();
    await box.fill("abc");
    await expect.poll(() => params(page).q).toBe("abc");
    await box.fill("ab");
    await box.press("Enter");
    await expect.poll(() => params(page).q).toBe("ab");
  });
});

test.describe("selection", () => {
  test("'Archive selected' waits for a ticked row (with JavaScript); without, the step says to pick one", async ({
    page,
    crm,
  }) => {
    await crm.lead("Sel", "Ection");
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    const archiveSelected = page.getByRole("button", { name: /^Archive selected/ });
    if (noJs()) {
      await archiveSelected.click();
      await expect(dialog(page, "Archive Leads")).toContainText("Select at least one lead first.");
      await expect(dialog(page, "Archive Leads").getByRole("button")).toHaveCount(0);
      return;
    }
    await expect(archiveSelected).toBeDisabled();
    await page.getByRole("checkbox", { name: `Select Sel Ection-${crm.token}` }).check();
    await expect(archiveSelected).toBeEnabled();
    await expect(archiveSelected).toHaveText(/Archive selected \(1\)/);
  });
  test("ticks stay on the same leads when one is edited in its dialog; another page clears them", async ({
    page,
    crm,
  }) => {
    test.skip(noJs(), "without JavaScript the ticks are the page's form, sent by 'Archive selected'");
    await crm.lead("Tick", "One");
    await crm.lead("Tick", "Two");
    await crm.lead("Tick", "Three");
    const [one, two, three] = ["One", "Two", "Three"].map((last) => `Tick ${last}-${crm.token}`);
    // Sorted by company (theirs is the same), so the edit below does not move the rows.
    await signIn(page, crm.user, `/leads?q=${crm.token}&sort=company&dir=asc`);
    const box = (name: string) => page.getByRole("checkbox", { name: `Select ${name}` });
    const archiveSelected = page.getByRole("button", { name: /^Archive selected/ });
    await box(one).check();
    await box(three).check();
    await expect(archiveSelected).toHaveText(/Archive selected \(2\)/);

    // The edit changes a row, so the rows are written again: the same two stay ticked.
    await row(page, two)
      .getByRole("link", { name: `Edit ${two}` })
      .click();
    const form = section(dialog(page, two), "Update Lead");
    await form.getByLabel("Status", { exact: true }).selectOption({ label: "Qualified" });
    await form.getByRole("button", { name: "Update Lead" }).click();
    await expect(toast(page, "Lead updated successfully")).toBeVisible();
    await dialog(page, two).getByRole("link", { name: "Close" }).click();
    await expect(row(page, two)).toContainText("Qualified");
    await expect(box(one)).toBeChecked();
    await expect(box(two)).not.toBeChecked();
    await expect(box(three)).toBeChecked();
    await expect(archiveSelected).toHaveText(/Archive selected \(2\)/);

    // Select all, then none; then another list (the Archive tab, and back) starts with nothing ticked.
    const all = page.getByRole("checkbox", { name: "Select all leads on this page" });
    await all.check();
    for (const name of [one, two, three]) await expect(box(name)).toBeChecked();
    await expect(archiveSelected).toHaveText(/Archive selected \(3\)/);
    await all.uncheck();
    for (const name of [one, two, three]) await expect(box(name)).not.toBeChecked();
    await box(two).check();
    await expect(archiveSelected).toHaveText(/Archive selected \(1\)/);
    await tab(page, "Archive").click();
    await expect(page.getByText("No archived leads match the current filters.")).toBeVisible();
    await tab(page, "Active Leads").click();
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(box(two)).not.toBeChecked();
    await expect(archiveSelected).toBeDisabled();
  });

  test("a box ticked before the page's JavaScript ran counts once it has", async ({ page, crm }) => {
    test.skip(noJs(), "the count in the button comes with JavaScript");
    await crm.lead("Early", "Tick");
    const name = `Early Tick-${crm.token}`;
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    // The same page again, its scripts held back until the box is ticked.
    const release = await holdRequests(page, PAGE_SCRIPTS);
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.getByRole("checkbox", { name: `Select ${name}` }).check();
    release();
    await expect(page.getByRole("button", { name: /^Archive selected/ })).toHaveText(
      /Archive selected \(1\)/,
    );
  });

  test("a name with markup in it is shown as text in its row", async ({ page, crm }) => {
    await crm.lead("<b>Bold</b>", `O'Brien & "Co"`, {
      company: `<img src=x onerror="alert(1)"> Ltd`,
      email: `bold.${crm.token}@example.com`,
    });
    const name = `<b>Bold</b> O'Brien & "Co"-${crm.token}`;
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    const shown = row(page, name);
    await expect(shown).toContainText(`<img src=x onerror="alert(1)"> Ltd`);
    await expect(shown).toContainText(name);
    await expect(shown.locator("img, b")).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: `Select ${name}` })).toBeVisible();
  });
});

test.describe("on a 1280 px wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the table fits its card: every column and the row actions, in both tabs", async ({ page, crm }) => {
    const lead = await crm.lead("Wilhelmina", "Longname-Featherstone", {
      company: `Harrogate Natural Stone ${crm.token} Ltd`,
      estimatedValue: 1234567.89,
    });
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    const fits = async (region: string) => {
      const element = page.getByRole("region", { name: region });
      return element.evaluate((node) => node.scrollWidth <= node.clientWidth);
    };
    expect(await fits("Active leads")).toBe(true);
    const name = `Wilhelmina Longname-Featherstone-${crm.token}`;
    await expect(row(page, name).getByRole("link", { name: `Archive ${name}` })).toBeInViewport();

    await archiveLeadViaApi(crm.api, lead.id);
    await visit(page, `/leads?tab=archive&q=${crm.token}`);
    expect(await fits("Archived leads")).toBe(true);
    await expect(page.getByRole("columnheader", { name: "Archived Date" })).toBeInViewport();
    await expect(row(page, name).getByRole("link", { name: `Restore ${name}` })).toBeInViewport();
  });
});
