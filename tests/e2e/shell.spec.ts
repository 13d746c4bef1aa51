// The signed-in shell: header, sidebar, company switcher, pages of the route table, the 404 page, dashboard
// details, the phone layout and notifications (SPEC.md sections 2, 6, 8 and 9). Every test runs with
// JavaScript on ("js") and off ("no-js").
import type { Page } from "@playwright/test";
import {
  archiveLeadViaApi,
  createUser,
  expect,
  expectAccessible,
  expectNothingWiderThanViewport,
  hydrated,
  noJs,
  notifications,
  signInWithForm,
  test,
  type TestUser,
  visit,
} from "./fixtures";

const NAV_LINKS = ["Dashboard", "My Day", "Leads", "Pipeline", "Contacts", "Calendar", "Mobile Notes"];

/** Opens `path`, signs in on its login screen and waits for the shell. */
async function signIn(page: Page, user: TestUser, path = "/") {
  await page.goto(path);
  await hydrated(page);
  await signInWithForm(page, user);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page).toHaveURL(path);
}

function sidebar(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** The sidebar's page links, without the saved views listed under Leads (other tests share them). */
function pageLinks(page: Page) {
  return sidebar(page).locator("a:not([aria-label='Saved views'] a)");
}

function companySwitcher(page: Page) {
  return page.getByRole("group", { name: "Company" });
}

async function expectBranding(page: Page, title: string, division: string) {
  const banner = page.getByRole("banner");
  await expect(banner.getByText(title, { exact: true })).toBeVisible();
  await expect(banner.getByText(division, { exact: true })).toBeVisible();
}

test.describe("shell of a sales user with TSS only", () => {
  test("shows the TSS header, the user's first name, a generic icon and Logout", async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(baseURL!, {
      firstName: "Rosalind",
      lastName: "Quayle",
      companies: ["TSS"],
    });
    await signIn(page, user);
    const banner = page.getByRole("banner");
    await expectBranding(page, "TSS CRM", "Tailored Slate & Stone Division");
    await expect(banner.getByText("Rosalind", { exact: true })).toBeVisible();
    await expect(banner.getByText(user.email)).toHaveCount(0);
    // No profile image: the generic user icon (a decorative SVG) stands in for it.
    await expect(banner.getByRole("img")).toHaveCount(0);
    await expect(banner.locator("img")).toHaveCount(0);
    await expect(banner.getByRole("button", { name: "Logout" })).toBeVisible();
    // One company only: no switcher.
    await expect(companySwitcher(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "NLH" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "TSS" })).toHaveCount(0);
    // The dashboard's welcome banner is for TSS too.
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeAttached();
    await expect(page.getByRole("main").getByText("Tailored Slate & Stone", { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test("the sidebar has the six links and no Administration section", async ({ page, baseURL }) => {
    const user = await createUser(baseURL!, { companies: ["TSS"] });
    await signIn(page, user);
    const nav = sidebar(page);
    await expect(pageLinks(page)).toHaveText(NAV_LINKS);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Administration")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  });

  test("the sidebar links open their pages", async ({ page, baseURL }) => {
    test.slow(); // several pages, each with an accessibility check
    const user = await createUser(baseURL!, { companies: ["TSS"] });
    await signIn(page, user);
    const pages = [
      { link: "Leads", url: "/leads", heading: "Lead Management" },
      { link: "Contacts", url: "/contacts", heading: "Contact Management" },
      { link: "Calendar", url: "/calendar", heading: "Follow-up Calendar" },
    ];
    for (const target of pages) {
      await sidebar(page).getByRole("link", { name: target.link }).click();
      await expect(page).toHaveURL(target.url);
      await expect(page.getByRole("heading", { level: 1, name: target.heading })).toBeVisible();
      await expect(sidebar(page).getByRole("link", { name: target.link })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expectBranding(page, "TSS CRM", "Tailored Slate & Stone Division");
      await expectAccessible(page);
    }

    await sidebar(page).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeAttached();
    await expect(sidebar(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // Mobile Notes is the one page without the shell.
    await sidebar(page).getByRole("link", { name: "Mobile Notes" }).click();
    await expect(page).toHaveURL("/mobile");
    await expect(page.getByRole("heading", { level: 1, name: "Field Notes" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByText("Tailored Slate & Stone Division")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("a link is followed within the page with JavaScript; one to the page shown adds no history", async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(baseURL!, { companies: ["TSS"] });
    await signIn(page, user);
    await hydrated(page);
    // With JavaScript the app follows its links itself (components/app-link.tsx): the document stays.
    const mark = () => page.evaluate(() => (window as { marked?: boolean }).marked === true);
    if (!noJs()) await page.evaluate(() => ((window as { marked?: boolean }).marked = true));
    await sidebar(page).getByRole("link", { name: "Leads" }).click();
    await expect(page).toHaveURL("/leads");
    await expect(page.getByRole("heading", { level: 1, name: "Lead Management" })).toBeVisible();
    if (!noJs()) expect(await mark()).toBe(true);

    const entries = () => page.evaluate(() => history.length);
    const before = await entries();
    await sidebar(page).getByRole("link", { name: "Leads" }).click();
    await expect(page).toHaveURL("/leads");
    expect(await entries()).toBe(before);
    await page.goBack();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeAttached();
  });

  test("Back while a page's data is still arriving goes back, with nothing in the console", async ({
    page,
    baseURL,
  }) => {
    test.skip(noJs(), "without JavaScript the browser loads each page whole");
    const user = await createUser(baseURL!, { companies: ["TSS"] });
    await signIn(page, user);
    await hydrated(page);
    await sidebar(page).getByRole("link", { name: "Leads" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Lead Management" })).toBeVisible();
    // A slow connection: the next page's data starts, then arrives a kilobyte a second.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: 1000,
      uploadThroughput: -1,
    });
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/contacts.data",
    );
    await sidebar(page).getByRole("link", { name: "Contacts" }).click();
    await answered;
    await page.goBack();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Contact Management" })).toHaveCount(0);
  });

  test("/admin sends a sales user to / with 'Unauthorized' / 'Admin access required'", async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(baseURL!, { companies: ["TSS"] });
    await signIn(page, user);
    // The toast is flashed by the server across the redirect, so it shows without JavaScript too.
    await page.goto("/admin");
    await expect(page).toHaveURL("/");
    const toast = notifications(page).getByRole("alert");
    await expect(toast).toContainText("Unauthorized");
    await expect(toast).toContainText("Admin access required");
    await expect(page.getByRole("heading", { name: "Admin Control Panel" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

    // Shown once: the next page has no toast.
    await page.reload();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(notifications(page).getByRole("alert")).toHaveCount(0);
  });
});

test.describe("shell of an admin with TSS and NLH", () => {
  test("has the Administration section with Admin Panel", async ({ page, baseURL }) => {
    const admin = await createUser(baseURL!, { role: "ADMIN", companies: ["TSS", "NLH"] });
    await signIn(page, admin);
    const nav = sidebar(page);
    await expect(nav.getByText("Administration", { exact: true })).toBeVisible();
    await expect(pageLinks(page)).toHaveText([...NAV_LINKS, "Admin Panel"]);

    await nav.getByRole("link", { name: "Admin Panel" }).click();
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Control Panel" })).toBeVisible();
    await expect(page.getByText("Manage users, permissions, and system access.")).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "Admin Panel" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(notifications(page).getByRole("alert")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("the company switcher changes the division, and the choice is kept on the server", async ({
    page,
    baseURL,
    browser,
  }) => {
    test.slow(); // several pages, each with an accessibility check
    const admin = await createUser(baseURL!, {
      role: "ADMIN",
      firstName: "Hollis",
      companies: ["TSS", "NLH"],
    });
    await signIn(page, admin, "/admin");
    await expectBranding(page, "TSS CRM", "Tailored Slate & Stone Division");
    const switcher = companySwitcher(page);
    await expect(switcher.getByRole("button")).toHaveText(["TSS", "NLH"]);
    await expect(switcher.getByRole("button", { name: "TSS" })).toHaveAttribute("aria-pressed", "true");
    await expect(switcher.getByRole("button", { name: "NLH" })).toHaveAttribute("aria-pressed", "false");
    await expectAccessible(page);

    await switcher.getByRole("button", { name: "NLH" }).click();
    await expectBranding(page, "NLH CRM", "NLH Wings Division");
    await expect(page.getByText("Tailored Slate & Stone Division")).toHaveCount(0);
    await expect(switcher.getByRole("button", { name: "NLH" })).toHaveAttribute("aria-pressed", "true");
    await expect(switcher.getByRole("button", { name: "TSS" })).toHaveAttribute("aria-pressed", "false");
    // The switch stays on the page it was made from.
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Control Panel" })).toBeVisible();

    // Kept across navigation…
    await sidebar(page).getByRole("link", { name: "Leads" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Lead Management" })).toBeVisible();
    await expectBranding(page, "NLH CRM", "NLH Wings Division");
    await sidebar(page).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("main").getByText("NLH Wings", { exact: true })).toBeVisible();
    await expectAccessible(page);

    // …across a new sign-in…
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await signInWithForm(page, admin);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expectBranding(page, "NLH CRM", "NLH Wings Division");

    // …and in another browser with no cookies of this one: the choice lives on the server.
    const other = await browser.newContext({ baseURL, javaScriptEnabled: !noJs() });
    try {
      const otherPage = await other.newPage();
      await otherPage.goto("/contacts");
      await signInWithForm(otherPage, admin);
      await expect(otherPage.getByRole("heading", { level: 1, name: "Contact Management" })).toBeVisible();
      await expectBranding(otherPage, "NLH CRM", "NLH Wings Division");
    } finally {
      await other.close();
    }

    // And back to TSS.
    await companySwitcher(page).getByRole("button", { name: "TSS" }).click();
    await expectBranding(page, "TSS CRM", "Tailored Slate & Stone Division");
    await expect(companySwitcher(page).getByRole("button", { name: "TSS" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  test("a sales user with both companies gets the switcher but no Administration", async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(baseURL!, { companies: ["TSS", "NLH"] });
    await signIn(page, user, "/calendar");
    await expect(companySwitcher(page).getByRole("button")).toHaveText(["TSS", "NLH"]);
    await expect(page.getByText("Administration")).toHaveCount(0);
    await companySwitcher(page).getByRole("button", { name: "NLH" }).click();
    await expectBranding(page, "NLH CRM", "NLH Wings Division");
    await expect(page).toHaveURL("/calendar");
  });
});

test("a user with only NLH sees NLH branding by default and no switcher", async ({ page, baseURL }) => {
  const user = await createUser(baseURL!, { companies: ["NLH"] });
  await signIn(page, user);
  await expectBranding(page, "NLH CRM", "NLH Wings Division");
  await expect(page.getByText("Tailored Slate & Stone Division")).toHaveCount(0);
  await expect(companySwitcher(page)).toHaveCount(0);
  await expect(page.getByRole("main").getByText("NLH Wings", { exact: true })).toBeVisible();
  await page.goto("/dashboard/total-leads");
  await expect(page.getByText("All leads in your pipeline for NLH Wings")).toBeVisible();
  await expectAccessible(page);
});

test("an unknown path shows '404 Page Not Found' with status 404 inside the shell", async ({
  page,
  baseURL,
}) => {
  const user = await createUser(baseURL!);
  await signIn(page, user);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(pageLinks(page)).toHaveText(NAV_LINKS);
  await expectAccessible(page);

  const nested = await page.goto("/some/deeper/path");
  expect(nested?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
});

test.describe("dashboard details", () => {
  test("each type has its title and subtitle for the company, and a way back", async ({ page, baseURL }) => {
    test.slow(); // several pages, each with an accessibility check
    const user = await createUser(baseURL!, { companies: ["TSS"] });
    await signIn(page, user, "/dashboard/total-leads");
    await expect(page.getByRole("heading", { level: 1, name: "Total Leads" })).toBeVisible();
    await expect(page.getByText("All leads in your pipeline for Tailored Slate & Stone")).toBeVisible();
    await expectAccessible(page);

    const types = [
      { type: "active-prospects", title: "Active Prospects", subtitle: "Leads currently being worked on" },
      { type: "closed-deals", title: "Closed Deals", subtitle: "Successfully closed opportunities" },
      { type: "revenue", title: "Revenue Details", subtitle: "Revenue from closed deals" },
    ];
    for (const { type, title, subtitle } of types) {
      await page.goto(`/dashboard/${type}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(`${subtitle} for Tailored Slate & Stone`)).toBeVisible();
    }

    const other = await page.goto("/dashboard/whatever");
    expect(other?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Details", exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeAttached();
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveCount(0);
  });
});

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the login screen fits", async ({ page }) => {
    await page.goto("/leads");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expectNothingWiderThanViewport(page);
    await expectAccessible(page);
  });

  test("the sidebar folds into a Menu that opens; no page, list or dialog is wider than the phone", async ({
    page,
    baseURL,
    crm,
  }) => {
    test.slow(); // a walk through every page
    // Leads in the admin's division, long-named, so the lists have cards and the dashboard's tables rows to fit.
    const lead = await crm.lead("Bartholomew", "Featherstonehaughcholmondeley", {
      company: `Extraordinarily Long Quarry Name ${crm.token} Limited`,
      estimatedValue: 123456789.5,
    });
    await archiveLeadViaApi(crm.api, (await crm.lead("Jo", "Lo")).id);
    const admin = await createUser(baseURL!, {
      role: "ADMIN",
      firstName: "Maximiliana-Josephine",
      companies: ["TSS", "NLH"],
    });
    await signIn(page, admin, "/admin");
    await expect(companySwitcher(page)).toBeVisible();
    const menu = page.getByRole("group").filter({ has: page.getByText("Menu", { exact: true }) });
    const toggle = page.locator("summary").filter({ hasText: "Menu" });
    await expect(toggle).toBeVisible();
    await expect(menu).not.toHaveAttribute("open");
    // Folded: none of the sidebar's links are showing.
    await expect(page.getByRole("link", { name: "Leads", exact: true })).toBeHidden();
    await expect(page.getByRole("link", { name: "Admin Panel" })).toBeHidden();
    await expectNothingWiderThanViewport(page);

    await toggle.click();
    await expect(menu).toHaveAttribute("open");
    for (const name of [...NAV_LINKS, "Admin Panel"]) {
      await expect(sidebar(page).getByRole("link", { name })).toBeVisible();
    }
    await expectNothingWiderThanViewport(page);
    await expectAccessible(page);

    await sidebar(page).getByRole("link", { name: "Leads" }).click();
    await expect(page).toHaveURL("/leads");
    await expect(page.getByRole("heading", { level: 1, name: "Lead Management" })).toBeVisible();
    // The menu closes behind the link followed, with JavaScript too.
    await expect(menu).not.toHaveAttribute("open");

    // Every page of the route table, with its lists and dialogs (a dialog makes the page behind it inert).
    for (const path of [
      `/leads?q=${crm.token}`,
      `/leads?tab=archive&q=${crm.token}`,
      "/admin?audit=1",
      "/settings",
      `/leads/${lead.id}`,
      "/",
      "/dashboard/total-leads",
      "/calendar",
      "/contacts",
      "/no-such-page",
      "/mobile",
    ]) {
      await visit(page, path);
      await expect(page.getByRole("heading", { level: 1, includeHidden: true })).toBeVisible();
      await expectNothingWiderThanViewport(page);
    }
  });
});

test.describe("notifications", () => {
  test("one toast at a time; it goes away by itself after about 5 seconds", async ({ page, baseURL }) => {
    test.skip(noJs(), "Without JavaScript nothing takes a toast away: it stays until the next page.");
    const user = await createUser(baseURL!);
    await page.goto("/");
    await hydrated(page);
    const region = notifications(page);

    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(region.getByRole("alert")).toContainText("Please enter both username and password");

    await signInWithForm(page, { email: user.email, password: "not-the-password" });
    const toast = region.getByRole("alert");
    await expect(toast).toContainText("Invalid username or password");
    // The new toast replaced the first one.
    await expect(region.getByRole("alert")).toHaveCount(1);
    await expect(region.getByRole("status")).toHaveCount(0);
    await expect(toast).toContainText("Login Failed");
    await expect(region.getByText("Please enter both username and password")).toHaveCount(0);

    const shownAt = Date.now();
    await page.waitForTimeout(2500);
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);
  });

  test("a toast that appears under a resting pointer still goes away by itself", async ({ page }) => {
    test.skip(noJs(), "Without JavaScript nothing takes a toast away: it stays until the next page.");
    await page.goto("/");
    await hydrated(page);
    // The pointer rests where the toast will appear (bottom right); the form is sent from the keyboard.
    const viewport = page.viewportSize()!;
    await page.mouse.move(viewport.width - 150, viewport.height - 60);
    await page.getByRole("textbox", { name: "Username" }).focus();
    await page.keyboard.press("Enter");
    const toast = notifications(page).getByRole("alert");
    await expect(toast).toContainText("Please enter both username and password");
    const box = (await toast.boundingBox())!;
    expect(viewport.width - 150).toBeGreaterThan(box.x);
    expect(viewport.height - 60).toBeGreaterThan(box.y);
    await expect(toast).toBeHidden({ timeout: 8000 });
  });

  test("a toast can be dismissed with its close button", async ({ page }) => {
    test.skip(noJs(), "Dismissing is done by the page's JavaScript.");
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    const toast = notifications(page).getByRole("alert");
    await expect(toast).toContainText("Login Failed");
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toHaveCount(0);
  });

  test("F8 moves the focus to the 'Notifications (F8)' region", async ({ page }) => {
    test.skip(noJs(), "The F8 shortcut is handled by the page's JavaScript.");
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("textbox", { name: "Username" }).focus();
    await expect(notifications(page)).not.toBeFocused();
    // The shortcut is listened for once the page's script has started; press again until it has.
    await expect(async () => {
      await page.keyboard.press("F8");
      await expect(notifications(page)).toBeFocused({ timeout: 500 });
    }).toPass({ timeout: 5000 });
  });

  test("a server-flashed toast goes away by itself too, with JavaScript or without", async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(baseURL!);
    await signIn(page, user);
    await page.goto("/admin");
    const toast = notifications(page).getByRole("alert");
    await expect(toast).toContainText("Admin access required");
    await expect(toast).toBeHidden({ timeout: 8000 });
  });
});
