// The dashboard and its details pages (SPEC.md section 2 "Dashboard", "Dashboard details"; CONTRACT.md
// "Dashboard details", "Export Report"): the welcome banner, the stat cards with their periods, the two
// charts, Recent Leads, Quick Actions with their dialogs and the CSV export, Recent Activity, the lead detail
// opened over the dashboard, the card grids behind the stat cards with the lead detail opened over them, and
// both on a 375 px phone. Every test runs with JavaScript on ("js") and off ("no-js").
import type { Page } from "@playwright/test";
import fs from "node:fs/promises";
import {
  dialog,
  expect,
  expectAccessible,
  holdRequests,
  noJs,
  params,
  pathname,
  signIn,
  test,
  toast,
  visit,
  type Crm,
} from "./fixtures";

// These tests walk through whole flows (several page loads, axe checks): more time than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const STAT_CARDS = [
  { title: "Total Leads", href: "/dashboard/total-leads", period: "all time" },
  { title: "Active Prospects", href: "/dashboard/active-prospects", period: "open now" },
  { title: "Closed Deals", href: "/dashboard/closed-deals", period: "all time" },
  { title: "Revenue", href: "/dashboard/revenue", period: "all time" },
] as const;
type StatTitle = (typeof STAT_CARDS)[number]["title"];

const EXPORT_HEADER =
  "ID,First Name,Last Name,Email,Phone,Company,Position,Status,Estimated Value (GBP),Owner,Assigned To,Created,Last Update,Archived";

/** Today as the cards write a date ('5 Mar 2025') for this browser, in London (playwright.config.ts). */
const today = () =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Europe/London",
  }).format(new Date());

const gbp = (value: number) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(value);

/** This month as the won value chart names it ('Nov 2026'). */
const thisMonthName = () =>
  new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date());

/** '£1,234.50' or '1,234' as a number. */
const figure = (text: string | null) => {
  const value = Number(text!.replace(/[£,\s]/g, ""));
  expect(Number.isFinite(value), String(text)).toBe(true);
  return value;
};

/** Opens `path` (default the dashboard), signs in and waits for the page's heading. */
function signInToDashboard(page: Page, crm: Crm, path = "/", heading = "Dashboard") {
  return signIn(page, crm.user, path, heading);
}

function statCard(page: Page, title: StatTitle) {
  return page
    .getByRole("list", { name: "Statistics" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/** The figure a stat card shows (the first of its line with the period), as written: '£1,234.50'. */
function statFigure(page: Page, title: StatTitle) {
  return statCard(page, title).locator("p").first().locator("span").first();
}

/** The figure a stat card shows, as a number ('£1,234.50' is 1234.5). */
async function statValue(page: Page, title: StatTitle) {
  return figure(await statFigure(page, title).textContent());
}

/** A stat card's figure for this month, as a number. */
async function monthValue(page: Page, title: StatTitle) {
  const text = await statCard(page, title)
    .getByText(/ this month$/)
    .textContent();
  return figure(text!.replace(/ this month$/, ""));
}

async function stats(page: Page) {
  return {
    total: await statValue(page, "Total Leads"),
    active: await statValue(page, "Active Prospects"),
    closed: await statValue(page, "Closed Deals"),
    revenue: await statValue(page, "Revenue"),
    totalThisMonth: await monthValue(page, "Total Leads"),
    activeThisMonth: await monthValue(page, "Active Prospects"),
    closedThisMonth: await monthValue(page, "Closed Deals"),
    revenueThisMonth: await monthValue(page, "Revenue"),
  };
}

const STATUS_NAMES = ["New", "Contacted", "Qualified", "Proposal Sent", "Closed Won", "Closed Lost"];

function statusChart(page: Page) {
  return page.getByRole("region", { name: "Leads by Status" }).getByRole("img");
}

/** The counts the status chart's accessible name states, by status name, in SPEC.md's order. */
async function chartCounts(page: Page) {
  const name = (await statusChart(page).getAttribute("aria-label"))!;
  const counts = name.replace(/^Leads by status: /, "").split(", ");
  expect(counts.map((count) => count.replace(/ [\d,]+$/, ""))).toEqual(STATUS_NAMES);
  return counts.map((count) => figure(count.match(/[\d,]+$/)![0]));
}

/**
 * Nothing wider than the phone: every element ends within the viewport, and no box scrolls sideways inside it.
 * Names the elements that do not.
 */
async function expectFitsPhone(page: Page) {
  const tooWide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => {
        const scrolls = /auto|scroll/.test(getComputedStyle(element).overflowX);
        return (
          element.getBoundingClientRect().right > window.innerWidth ||
          (scrolls && element.scrollWidth > element.clientWidth + 1)
        );
      })
      .map((element) => element.outerHTML.slice(0, 150)),
  );
  expect(tooWide, `${page.url()} is wider than the phone`).toEqual([]);
}

function recentLeadRows(page: Page) {
  return page.getByRole("region", { name: "Recent leads table" }).locator("tbody tr");
}

/** A card of a details page, by the lead's full name. */
function leadCard(page: Page, name: string) {
  return page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
}

test.describe("dashboard", () => {
  test("welcome banner, stat cards that count what was added, Recent Leads and Recent Activity", async ({
    page,
    crm,
  }) => {
    await signInToDashboard(page, crm);
    const welcome = page.getByRole("region", { name: "Welcome" });
    await expect(welcome.getByText("Welcome back, Erin", { exact: true })).toBeVisible();
    await expect(welcome.getByRole("heading", { name: "TSS CRM", exact: true })).toBeVisible();
    await expect(welcome.getByText("Tailored Slate & Stone", { exact: true })).toBeVisible();
    await expect(welcome.getByText("Natural slate and stone, tailored to every project")).toBeVisible();

    // Four cards, each a link to its details: its figure with its period, and this month's figure with its
    // change from last month.
    await expect(page.getByRole("list", { name: "Statistics" }).getByRole("listitem")).toHaveCount(4);
    for (const { title, href, period } of STAT_CARDS) {
      const card = statCard(page, title);
      await expect(card.getByRole("link")).toHaveAttribute("href", href);
      await expect(card.locator("p").first()).toHaveText(new RegExp(`^\\S+${period}$`));
      await expect(card.getByText(/ this month$/)).toBeVisible();
      await expect(card.getByText(/% from last month$/)).toHaveText(/^[+-]?[\d,]+(\.\d)?% from last month$/);
    }
    await expect(
      page.getByText(
        "This month counts the leads created in it (UTC); each change compares it with last month.",
      ),
    ).toBeVisible();
    const before = await stats(page);
    const countsBefore = await chartCounts(page);

    // Six leads, one after the other (newest update first on the dashboard).
    const specs = [
      ["Olive", "Oldest", { status: "NEW", estimatedValue: 100 }],
      ["Penny", "Proposal", { status: "PROPOSAL", estimatedValue: 200 }],
      ["Quentin", "Qualified", { status: "QUALIFIED" }],
      ["Rita", "Contacted", { status: "CONTACTED" }],
      ["Walter", "Won", { status: "CLOSED_WON", estimatedValue: 1234567.5, phone: "+44 1632 960123" }],
      ["Lorna", "Lost", { status: "CLOSED_LOST", company: `Granite ${crm.token} plc` }],
    ] as const;
    const leads = [];
    for (const [first, last, extra] of specs) leads.push(await crm.lead(first, last, extra));
    const names = leads.map((lead) => `${lead.firstName} ${lead.lastName}`);

    await visit(page, "/");
    // Each figure and its month moved by the leads made now; the change is of the month's figure.
    const after = await stats(page);
    expect(after.total).toBe(before.total + 6);
    expect(after.active).toBe(before.active + 4);
    expect(after.closed).toBe(before.closed + 1);
    expect(after.revenue).toBeCloseTo(before.revenue + 1234567.5, 2);
    expect(after.totalThisMonth).toBe(before.totalThisMonth + 6);
    expect(after.activeThisMonth).toBe(before.activeThisMonth + 4);
    expect(after.closedThisMonth).toBe(before.closedThisMonth + 1);
    expect(after.revenueThisMonth).toBeCloseTo(before.revenueThisMonth + 1234567.5, 2);
    // Grouped, on one line.
    await expect(statFigure(page, "Revenue")).toHaveText(gbp(after.revenue));
    await expect(statCard(page, "Revenue").getByText(/ this month$/)).toHaveText(
      `${gbp(after.revenueThisMonth)} this month`,
    );
    await expect(statFigure(page, "Total Leads")).toHaveText(after.total.toLocaleString("en-GB"));
    const revenueBox = (await statFigure(page, "Revenue").boundingBox())!;
    expect(revenueBox.height).toBeLessThan(40);

    // The charts, drawn by the server: a bar per status with its count, and this month's won value last.
    expect(await chartCounts(page)).toEqual(countsBefore.map((count) => count + 1));
    await expect(statusChart(page).locator("rect")).toHaveCount(6);
    const wonChart = page.getByRole("region", { name: "Won Value by Month" }).getByRole("img");
    await expect(wonChart).toHaveAccessibleName(
      new RegExp(
        `^Won value by month created: (\\w+ \\d{4} £[\\d,]+\\.\\d\\d, ){5}${thisMonthName()} ${gbp(after.revenueThisMonth)}$`,
      ),
    );
    await expect(wonChart.locator("text").last()).toHaveText(gbp(after.revenueThisMonth));

    // Recent Leads: the newest five, newest first.
    const recent = page.getByRole("region", { name: "Recent Leads" });
    await expect(recent.getByRole("columnheader")).toHaveText([
      "Contact",
      "Owner",
      "Company",
      "Status",
      "Value",
      "Last Contact",
    ]);
    await expect(recentLeadRows(page)).toHaveCount(5);
    await expect(recentLeadRows(page).locator("td:first-child a")).toHaveText(names.slice(1).reverse());
    await expect(recent.getByText(names[0])).toHaveCount(0);
    const walter = recentLeadRows(page).nth(1);
    await expect(walter.getByText("WW", { exact: true })).toBeAttached();
    await expect(walter.getByText(leads[4].email, { exact: true })).toBeVisible();
    await expect(walter.locator("td")).toHaveText([
      new RegExp(`^WW${names[4]}${leads[4].email.replace(/\./g, "\\.")}$`),
      "Erin Tester",
      `Slate ${crm.token} Ltd`,
      "Closed Won",
      "£1,234,567.50",
      "Today",
    ]);
    await expect(recentLeadRows(page).first().locator("td")).toHaveText([
      /Lorna Lost-/,
      "Erin Tester",
      `Granite ${crm.token} plc`,
      "Closed Lost",
      "-",
      "Today",
    ]);
    // Name and company open the lead over the dashboard.
    await expect(walter.getByRole("link", { name: names[4], exact: true })).toHaveAttribute(
      "href",
      `/lead/${leads[4].id}`,
    );
    await expect(walter.getByRole("link", { name: `Slate ${crm.token} Ltd`, exact: true })).toHaveAttribute(
      "href",
      `/lead/${leads[4].id}`,
    );

    // Recent Activity: the newest three, each opening its lead.
    const activity = page.getByRole("region", { name: "Recent Activity" }).getByRole("link");
    await expect(activity).toHaveCount(3);
    await expect(activity.nth(0)).toContainText(names[5]);
    await expect(activity.nth(0)).toContainText(`Granite ${crm.token} plc`);
    await expect(activity.nth(0)).toContainText("Today");
    await expect(activity.nth(1)).toContainText(names[4]);
    await expect(activity.nth(2)).toContainText(names[3]);
    for (const [i, link] of [leads[5], leads[4], leads[3]].entries()) {
      await expect(activity.nth(i)).toHaveAttribute("href", `/lead/${link.id}`);
    }
    await expectAccessible(page);

    // A lead opens over the dashboard, and closes back to it.
    await activity.nth(1).click();
    const detail = dialog(page, names[4]);
    await expect(detail).toBeVisible();
    expect(pathname(page)).toBe(`/lead/${leads[4].id}`);
    await expect(detail).toContainText("£1,234,567.50");
    await expect(detail).toContainText("+44 1632 960123");
    await expect(page.getByRole("list", { name: "Statistics", includeHidden: true })).toBeAttached();
    await detail.getByRole("link", { name: "Close" }).click();
    await expect(detail).toHaveCount(0);
    await expect(page).toHaveURL("/");
    await expect(statFigure(page, "Revenue")).toHaveText(gbp(after.revenue));
  });

  test("a stat card opens its details page", async ({ page, crm }) => {
    await signInToDashboard(page, crm);
    await statCard(page, "Closed Deals").getByRole("link").click();
    await expect(page).toHaveURL("/dashboard/closed-deals");
    await expect(page.getByRole("heading", { level: 1, name: "Closed Deals" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL("/");
    await statCard(page, "Revenue").getByRole("link").click();
    await expect(page).toHaveURL("/dashboard/revenue");
    await expect(page.getByRole("heading", { level: 1, name: "Revenue Details" })).toBeVisible();
  });
});

test.describe("Quick Actions", () => {
  test("the panel's four actions", async ({ page, crm }) => {
    await signInToDashboard(page, crm);
    const quick = page.getByRole("region", { name: "Quick Actions" });
    await expect(quick.getByRole("link")).toHaveText([
      "Add New Lead",
      "Add Contact",
      "Schedule Follow Up",
      "Export Report",
    ]);
    await quick.getByRole("link", { name: "Schedule Follow Up" }).click();
    await expect(page).toHaveURL("/calendar");
    await expect(page.getByRole("heading", { level: 1, name: "Follow-up Calendar" })).toBeVisible();
  });

  test("'Add New Lead' opens the dialog, checks the fields and creates the lead", async ({ page, crm }) => {
    await signInToDashboard(page, crm);
    const before = await stats(page);
    await page
      .getByRole("region", { name: "Quick Actions" })
      .getByRole("link", { name: "Add New Lead" })
      .click();
    const add = dialog(page, "Add New Lead");
    await expect(add).toBeVisible();
    expect(params(page)).toEqual({ new: "lead" });
    await expect(add.getByText("New lead for Tailored Slate & Stone")).toBeVisible();
    await expect(add.getByLabel("Status", { exact: true })).toHaveValue("NEW");
    await expectAccessible(page);

    // Nothing filled in: the messages at the fields, no lead.
    await add.getByRole("button", { name: "Create Lead" }).click();
    await expect(add.getByLabel("First Name", { exact: true })).toHaveAccessibleDescription(
      "First name is required",
    );
    await expect(add.getByLabel("Company", { exact: true })).toHaveAccessibleDescription(
      "Company is required",
    );
    await expect(toast(page, "Lead created successfully")).toHaveCount(0);

    const lastName = `Dashboard-${crm.token}`;
    await add.getByLabel("First Name", { exact: true }).fill("Dora");
    await add.getByLabel("Last Name", { exact: true }).fill(lastName);
    await add.getByLabel("Email", { exact: true }).fill(`dora.${crm.token}@example.com`);
    await add.getByLabel("Company", { exact: true }).fill(`Dash ${crm.token} Stone`);
    await add.getByLabel("Status", { exact: true }).selectOption({ label: "Contacted" });
    await add.getByLabel("Estimated Value (£)").fill("750");
    await add.getByRole("button", { name: "Create Lead" }).click();

    await expect(toast(page, "Lead created successfully")).toBeVisible();
    await expect(add).toHaveCount(0);
    await expect(page).toHaveURL("/");
    await expect(recentLeadRows(page).first().locator("td")).toHaveText([
      new RegExp(`^DDDora ${lastName}dora\\.${crm.token}@example\\.com$`),
      "Erin Tester",
      `Dash ${crm.token} Stone`,
      "Contacted",
      "£750.00",
      "Today",
    ]);
    const after = await stats(page);
    expect(after.total).toBe(before.total + 1);
    expect(after.active).toBe(before.active + 1);
    expect(after.closed).toBe(before.closed);
  });

  test("'Add Contact' opens Add New Contact, which checks the fields, creates the contact, or cancels", async ({
    page,
    crm,
  }) => {
    await signInToDashboard(page, crm);
    const quick = page.getByRole("region", { name: "Quick Actions" });
    await quick.getByRole("link", { name: "Add Contact" }).click();
    let add = dialog(page, "Add New Contact");
    await expect(add).toBeVisible();
    expect(params(page)).toEqual({ new: "contact" });
    await expect(add.getByText("New contact for Tailored Slate & Stone")).toBeVisible();
    await expectAccessible(page);

    await add.getByRole("link", { name: "Cancel" }).click();
    await expect(add).toHaveCount(0);
    await expect(page).toHaveURL("/");

    await quick.getByRole("link", { name: "Add Contact" }).click();
    add = dialog(page, "Add New Contact");
    await add.getByLabel("First Name", { exact: true }).fill("Connie");
    await add.getByRole("button", { name: "Create Contact", exact: true }).click();
    await expect(add.getByLabel("Last Name", { exact: true })).toHaveAccessibleDescription(
      "Last name is required",
    );
    await expect(add.getByLabel("Company", { exact: true })).toHaveAccessibleDescription(
      "Company is required",
    );
    await expect(add.getByLabel("First Name", { exact: true })).toHaveValue("Connie");

    await add.getByLabel("Last Name", { exact: true }).fill(`Tact-${crm.token}`);
    await add.getByLabel("Company", { exact: true }).fill(`Contact ${crm.token} Quarries`);
    await add.getByLabel("Email", { exact: true }).fill(`connie.${crm.token}@example.com`);
    await add.getByRole("button", { name: "Create Contact", exact: true }).click();
    await expect(toast(page, "Contact created successfully")).toBeVisible();
    await expect(add).toHaveCount(0);
    await expect(page).toHaveURL("/");

    const response = await crm.api.get(`/api/contacts/TSS?search=${crm.token}`);
    expect(response.status()).toBe(200);
    const contacts = (await response.json()) as { firstName: string; lastName: string; company: string }[];
    expect(contacts.map((c) => [c.firstName, c.lastName, c.company])).toEqual([
      ["Connie", `Tact-${crm.token}`, `Contact ${crm.token} Quarries`],
    ]);
  });

  test("'Export Report' downloads the division's leads as CSV", async ({ page, crm }) => {
    const lead = await crm.lead("Xavier", "Export", {
      status: "CLOSED_WON",
      estimatedValue: 4321.5,
      phone: "+44 1632 960999",
    });
    await signInToDashboard(page, crm);
    const link = page
      .getByRole("region", { name: "Quick Actions" })
      .getByRole("link", { name: "Export Report" });
    await expect(link).toHaveAttribute("href", "/api/leads/TSS/export.csv");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await fs.readFile((await download.path())!, "utf8");
    const lines = csv.split(/\r?\n/);
    expect(lines[0]).toBe(EXPORT_HEADER);
    const row = lines.find((line) => line.startsWith(`${lead.id},`));
    expect(row).toBeDefined();
    expect(row!.split(",").slice(0, 11)).toEqual([
      lead.id,
      "Xavier",
      `Export-${crm.token}`,
      lead.email,
      // A cell that starts with + gets a leading ' against formula injection (CONTRACT.md).
      "'+44 1632 960999",
      `Slate ${crm.token} Ltd`,
      "",
      "Closed Won",
      "4321.50",
      "Erin Tester",
      "",
    ]);
    expect(row!.endsWith(",No")).toBe(true);
    // The page stays where it was.
    await expect(page).toHaveURL("/");
  });
});

test.describe("dashboard details", () => {
  test("each type lists its leads in cards with their details; revenue adds up the values", async ({
    page,
    crm,
  }) => {
    await signInToDashboard(page, crm, "/dashboard/revenue", "Revenue Details");
    await expect(page.getByRole("heading", { level: 1, name: "Revenue Details" })).toBeVisible();
    const totalRevenue = page.getByRole("region", { name: "Total Revenue" });
    const revenueBefore = figure(await totalRevenue.locator("p").first().textContent());

    const open = await crm.lead("Nora", "Open", {
      status: "QUALIFIED",
      phone: "+44 1632 960001",
      estimatedValue: 2500,
      assignedToId: crm.user.id,
    });
    const won = await crm.lead("Wendy", "Won", { status: "CLOSED_WON", estimatedValue: 12500.5 });
    const wonNoValue = await crm.lead("Vera", "Novalue", { status: "CLOSED_WON", estimatedValue: null });
    const lost = await crm.lead("Luke", "Lost", { status: "CLOSED_LOST" });
    const name = (lead: { firstName: string; lastName: string }) => `${lead.firstName} ${lead.lastName}`;

    // Total Leads: every one of them.
    await visit(page, "/dashboard/total-leads");
    await expect(page.getByRole("heading", { level: 1, name: "Total Leads" })).toBeVisible();
    await expect(page.getByText("All leads in your pipeline for Tailored Slate & Stone")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("region", { name: "Total Revenue" })).toHaveCount(0);
    for (const lead of [open, won, wonNoValue, lost]) await expect(leadCard(page, name(lead))).toBeVisible();
    const openCard = leadCard(page, name(open));
    await expect(openCard.getByText(`Slate ${crm.token} Ltd`, { exact: true })).toBeVisible();
    await expect(openCard.getByText("Qualified", { exact: true })).toBeVisible();
    // The name and the company open the lead over this page, as 'View Details' does.
    for (const link of [name(open), `Slate ${crm.token} Ltd`]) {
      await expect(openCard.getByRole("link", { name: link, exact: true })).toHaveAttribute(
        "href",
        `/dashboard/total-leads/${open.id}`,
      );
    }
    await expect(openCard.getByText("NO", { exact: true })).toBeAttached();
    await expect(openCard.getByRole("term")).toHaveText([
      "Email",
      "Phone",
      "Value",
      "Created",
      "Assigned to",
    ]);
    await expect(openCard.getByRole("definition")).toHaveText([
      open.email,
      "+44 1632 960001",
      "£2,500.00",
      today(),
      "Erin Tester",
    ]);
    const lostCard = leadCard(page, name(lost));
    await expect(lostCard.getByText("Closed Lost", { exact: true })).toBeVisible();
    // No phone, value or assignee: those lines are left out.
    await expect(lostCard.getByRole("term")).toHaveText(["Email", "Created"]);
    await expect(lostCard.getByRole("definition")).toHaveText([lost.email, today()]);
    await expect(lostCard.getByRole("link", { name: "View Details" })).toBeVisible();
    await expectAccessible(page);

    // Active Prospects: the open one only.
    await visit(page, "/dashboard/active-prospects");
    await expect(page.getByRole("heading", { level: 1, name: "Active Prospects" })).toBeVisible();
    await expect(page.getByText("Leads currently being worked on for Tailored Slate & Stone")).toBeVisible();
    await expect(leadCard(page, name(open))).toBeVisible();
    for (const lead of [won, wonNoValue, lost]) await expect(leadCard(page, name(lead))).toHaveCount(0);

    // Closed Deals: the won ones, with or without a value.
    await visit(page, "/dashboard/closed-deals");
    await expect(page.getByRole("heading", { level: 1, name: "Closed Deals" })).toBeVisible();
    await expect(
      page.getByText("Successfully closed opportunities for Tailored Slate & Stone"),
    ).toBeVisible();
    await expect(leadCard(page, name(won))).toBeVisible();
    await expect(leadCard(page, name(wonNoValue))).toBeVisible();
    await expect(leadCard(page, name(won)).getByText("Closed Won", { exact: true })).toBeVisible();
    await expect(leadCard(page, name(won)).getByRole("definition")).toHaveText([
      won.email,
      "£12,500.50",
      today(),
    ]);
    for (const lead of [open, lost]) await expect(leadCard(page, name(lead))).toHaveCount(0);

    // Revenue Details: the won ones with a value, and their total.
    await visit(page, "/dashboard/revenue");
    await expect(page.getByRole("heading", { level: 1, name: "Revenue Details" })).toBeVisible();
    await expect(page.getByText("Revenue from closed deals for Tailored Slate & Stone")).toBeVisible();
    await expect(totalRevenue.getByRole("heading", { name: "Total Revenue" })).toBeVisible();
    await expect(totalRevenue.locator("p")).toHaveText([gbp(revenueBefore + 12500.5), "all time"]);
    await expect(leadCard(page, name(won))).toBeVisible();
    for (const lead of [open, wonNoValue, lost]) await expect(leadCard(page, name(lead))).toHaveCount(0);
    await expectAccessible(page);

    // The same figure as the dashboard's Revenue card.
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL("/");
    expect(await statValue(page, "Revenue")).toBeCloseTo(revenueBefore + 12500.5, 2);
  });

  test("'View Details' opens the lead detail dialog over the page; Close goes back to the details", async ({
    page,
    crm,
  }) => {
    const won = await crm.lead("Winifred", "Deal", {
      status: "CLOSED_WON",
      estimatedValue: 9000,
      position: "Buyer",
    });
    const leadName = `Winifred Deal-${crm.token}`;
    await signInToDashboard(page, crm, "/dashboard/closed-deals", "Closed Deals");
    await expect(page.getByRole("heading", { level: 1, name: "Closed Deals" })).toBeVisible();
    await leadCard(page, leadName).getByRole("link", { name: "View Details" }).click();

    const detail = dialog(page, leadName);
    await expect(detail).toBeVisible();
    expect(pathname(page)).toBe(`/dashboard/closed-deals/${won.id}`);
    await expect(detail.getByRole("region", { name: "Contact Information", exact: true })).toContainText(
      "Buyer",
    );
    await expect(detail.getByRole("region", { name: "Lead Information", exact: true })).toContainText(
      won.id.slice(-8),
    );
    // The details page stays behind the dialog.
    await expect(
      page.getByRole("heading", { level: 1, name: "Closed Deals", includeHidden: true }),
    ).toBeAttached();
    await expect(leadCard(page, leadName).first()).toBeAttached();
    await expectAccessible(page);

    if (!noJs()) {
      // A note added in the dialog reads the page's data again, and the cards behind stay as they are.
      let posted = false;
      const release = await holdRequests(page, `**/dashboard/closed-deals/${won.id}.data**`, (request) => {
        posted ||= request.method() === "POST";
        return posted && request.method() === "GET";
      });
      await detail.getByRole("textbox", { name: "Add a note" }).fill("Called about the delivery.");
      const reread = page.waitForRequest((request) => posted && request.method() === "GET");
      await detail.getByRole("button", { name: "Add Note" }).click();
      await reread;
      await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
      await expect(leadCard(page, leadName).first()).toBeAttached();
      release();
      await expect(toast(page, "Note added successfully")).toBeVisible();
    }

    await detail.getByRole("link", { name: "Close" }).click();
    await expect(detail).toHaveCount(0);
    await expect(page).toHaveURL("/dashboard/closed-deals");
    await expect(page.getByRole("heading", { level: 1, name: "Closed Deals" })).toBeVisible();
    await expect(leadCard(page, leadName)).toBeVisible();

    // Opened by its address too, e.g. from a bookmark.
    await visit(page, `/dashboard/total-leads/${won.id}`);
    await expect(dialog(page, leadName)).toBeVisible();
    await dialog(page, leadName).getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL("/dashboard/total-leads");
    await expect(page.getByRole("heading", { level: 1, name: "Total Leads" })).toBeVisible();
  });

  test("any other type is 'Details' with 'No details found.'", async ({ page, crm }) => {
    await crm.lead("Some", "Lead");
    await signIn(page, crm.user, "/dashboard/unknown-type", "Details");
    await expect(page.getByText("No details found.", { exact: true })).toBeVisible();
    await expect(page.getByText("for Tailored Slate & Stone")).toBeVisible();
    await expect(page.getByRole("link", { name: "View Details" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Total Revenue" })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeAttached();
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the dashboard's lists and a details page are cards that fit the phone", async ({ page, crm }) => {
    const long = await crm.lead("Bartholomew", "Featherstonehaughcholmondeley", {
      company: `Extraordinarily Long Quarry Name ${crm.token} Limited`,
      status: "CLOSED_WON",
      estimatedValue: 98765432.1,
    });
    const longName = `Bartholomew Featherstonehaughcholmondeley-${crm.token}`;
    await signInToDashboard(page, crm);
    // Recent Leads is a list of cards, not a table.
    await expect(page.getByRole("region", { name: "Recent leads table" })).toHaveCount(0);
    const card = page.getByRole("list", { name: "Recent leads" }).getByRole("listitem").first();
    await expect(card.getByRole("link", { name: longName })).toHaveAttribute("href", `/lead/${long.id}`);
    await expect(card.getByRole("link", { name: long.company })).toHaveAttribute("href", `/lead/${long.id}`);
    await expect(card.getByText("Closed Won", { exact: true })).toBeVisible();
    await expect(card.getByRole("definition")).toHaveText(["Erin Tester", "£98,765,432.10", "Today"]);
    await expect(statusChart(page)).toBeVisible();
    await expectFitsPhone(page);
    await expectAccessible(page);

    await visit(page, "/dashboard/revenue");
    await expect(leadCard(page, longName)).toBeVisible();
    await expectFitsPhone(page);
  });
});
