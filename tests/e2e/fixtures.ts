// Shared pieces of every browser test: users made and signed in through the API, waiting for hydration,
// the JavaScript-off switch, finding dialogs, sections and toasts, an axe check of every visited page, a
// check that nothing is wider than a phone, console errors failing the test, and the per-test `crm` fixture
// (a user, their API client, a unique token, a lead factory).
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  request as playwrightRequest,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from "@playwright/test";
import crypto from "node:crypto";
import type { E2eApp } from "../support/playwright-global-setup";
import { ADMIN } from "../support/test-server";

declare global {
  interface Window {
    __remixRouter?: unknown;
  }
}

export { expect };

export type TestUser = {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: "ADMIN" | "SALES_USER";
  companies: ("TSS" | "NLH")[];
};

/** Creates a user through the admin API (each test its own, so tests never depend on each other). */
export async function createUser(baseURL: string, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const api = await playwrightRequest.newContext({ baseURL });
  const signIn = await api.post("/api/auth/login", {
    data: { username: ADMIN.email, password: ADMIN.password },
  });
  expect(signIn.status()).toBe(200);
  const input = {
    email: `e2e.${crypto.randomBytes(5).toString("hex")}@test.example`,
    password: "password-123",
    firstName: "Erin",
    lastName: "Tester",
    role: "SALES_USER" as const,
    companies: ["TSS" as const],
    ...overrides,
  };
  const created = await api.post("/api/admin/users", { data: input });
  expect(created.status(), await created.text()).toBe(201);
  const user = await created.json();
  await api.dispose();
  return { ...input, id: user.id };
}

/** Signs in through the login form on the current page, as a person would. */
export async function signInWithForm(page: Page, user: { email: string; password: string }) {
  await page.getByLabel("Username").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Per browser (one per worker), the JavaScript context that holds the copies expectAccessible checks. */
const copyContexts = new WeakMap<Browser, Promise<BrowserContext>>();

/** A page showing `page`'s HTML without its scripts, in a context with JavaScript, for axe to run in. */
async function javaScriptCopy(page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const browser = page.context().browser()!;
  if (!copyContexts.has(browser)) copyContexts.set(browser, browser.newContext({ javaScriptEnabled: true }));
  const copy = await (await copyContexts.get(browser)!).newPage();
  const viewport = page.viewportSize();
  if (viewport) await copy.setViewportSize(viewport);
  await copy.route(page.url(), (route) => route.fulfill({ contentType: "text/html", body: html }));
  await copy.goto(page.url());
  return copy;
}

/**
 * Fails on serious or critical accessibility violations of the page as it is now. axe needs JavaScript,
 * so a page rendered without it is checked as a copy (its HTML, scripts removed) in a JavaScript context.
 */
export async function expectAccessible(page: Page) {
  const hydrated = await page.evaluate(() => typeof window.__remixRouter !== "undefined").catch(() => false);
  const target = hydrated ? page : await javaScriptCopy(page);
  try {
    // Legacy mode runs axe in the page itself (the default also opens a blank page per check to merge the
    // results of frames, which our pages do not have); `resultTypes` spares axe describing every element
    // that passed. Each about halved the check's time here.
    const results = await new AxeBuilder({ page: target })
      .setLegacyMode()
      .options({ resultTypes: ["violations"] })
      .analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    ).toEqual([]);
  } finally {
    if (target !== page) await target.close();
  }
}

/**
 * Fails when anything on the page is wider than the viewport (a phone, say): an element whose right edge is
 * past the viewport's, or a scroll box (overflow-x auto or scroll) whose content is wider than the box. The
 * message names each culprit, outermost first.
 */
export async function expectNothingWiderThanViewport(page: Page) {
  const { width, culprits } = await page.evaluate(() => {
    const name = (element: Element) => {
      const label = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
      const classes = element.getAttribute("class")?.slice(0, 80);
      return `<${element.localName}${element.id ? `#${element.id}` : ""}${classes ? ` class="${classes}"` : ""}> "${label}"`;
    };
    const found: string[] = [];
    for (const element of document.querySelectorAll("body *")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.right > innerWidth + 0.5) found.push(`${name(element)} ends at ${Math.round(box.right)} px`);
      const { overflowX } = getComputedStyle(element);
      if ((overflowX === "auto" || overflowX === "scroll") && element.scrollWidth > element.clientWidth + 1)
        found.push(`${name(element)} scrolls sideways: ${element.scrollWidth} px in ${element.clientWidth}`);
    }
    return { width: innerWidth, culprits: found.slice(0, 5) };
  });
  expect(culprits, `${page.url()} is wider than its ${width} px viewport`).toEqual([]);
}

/** Fails unless what the user sees at the middle of `locator` is the locator itself: nothing is drawn over it. */
export async function expectOnTop(page: Page, locator: Locator, what = "it") {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  const seen = await page.evaluate(
    ([x, y, element]) => {
      const top = document.elementFromPoint(x, y);
      return !top || (element as Element).contains(top) ? null : top.outerHTML.slice(0, 120);
    },
    [box.x + box.width / 2, box.y + box.height / 2, await locator.elementHandle()] as const,
  );
  expect(seen, `something is drawn over ${what}`).toBeNull();
}

type Api = Awaited<ReturnType<typeof signedInApi>>;

/** What most tests start from: their own user, signed in through the API, and a way to make leads. */
export type Crm = {
  user: TestUser;
  api: Api;
  /** Unique to this test: in every company and last name it makes, so a search finds only its leads. */
  token: string;
  /** A TSS lead through the API, named `first last-token` at `company` (default `Slate <token> Ltd`). */
  lead: (first: string, last: string, extra?: Partial<LeadInput>) => ReturnType<typeof createLead>;
};

/**
 * This worker's app (tests/support/playwright-global-setup.ts starts one per worker); `parallelIndex`
 * stays with a worker slot when Playwright replaces a failed worker.
 */
export function workerApp(): E2eApp {
  const apps = JSON.parse(process.env.E2E_APPS ?? "[]") as E2eApp[];
  const app = apps[test.info().parallelIndex];
  if (!app) throw new Error("No app for this worker: run the browser tests through playwright.config.ts");
  return app;
}

export const test = base.extend<{ consoleErrors: string[]; crm: Crm }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  baseURL: async ({}, provide) => {
    await provide(workerApp().baseUrl);
  },
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
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // A 401 answer to a deliberate unauthenticated call is logged by the browser as a resource error.
        if (message.type() === "error" && !/status of 40[0-9]/.test(message.text()))
          errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

/** An API client signed in as `user` (its own session), for setting up records without the screens. */
export async function signedInApi(baseURL: string, user: { email: string; password: string }) {
  const api = await playwrightRequest.newContext({ baseURL });
  const signIn = await api.post("/api/auth/login", {
    data: { username: user.email, password: user.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return api;
}

export type LeadInput = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  companyDivision?: "TSS" | "NLH";
  status?: "NEW" | "CONTACTED" | "QUALIFIED" | "PROPOSAL" | "CLOSED_WON" | "CLOSED_LOST";
  estimatedValue?: number | null;
  phone?: string;
  position?: string;
  assignedToId?: string | null;
};

/** POST /api/leads; answers the created lead (id, version, ...). */
export async function createLead(api: Api, input: LeadInput) {
  const response = await api.post("/api/leads", { data: { companyDivision: "TSS", ...input } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as LeadInput & { id: string; version: number; isArchived: boolean };
}

/** DELETE /api/leads/{id}: archives the lead. */
export async function archiveLeadViaApi(api: Api, id: string) {
  const response = await api.delete(`/api/leads/${id}`);
  expect(response.status(), await response.text()).toBe(200);
}

/** POST /api/notes. */
export async function createNote(
  api: Api,
  input: { leadId: string; content: string; followUpDate?: string | null },
) {
  const response = await api.post("/api/notes", { data: input });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** True in the "no-js" project, where every page runs with JavaScript disabled. */
export function noJs() {
  return test.info().project.name === "no-js";
}

/**
 * With JavaScript, waits until React has taken over the server-rendered page (and its open dialogs have
 * become modal): until then a click reaches the browser's plain form post, not the page's own handlers.
 * Returns at once without JavaScript, where the plain form post is the behaviour under test.
 */
export async function hydrated(page: Page) {
  if (noJs()) return;
  await page.waitForFunction(() => {
    const region = document.querySelector('section[aria-label="Notifications (F8)"]');
    const dialogsReady = [...document.querySelectorAll("dialog[open]")].every((d) => d.matches(":modal"));
    return !!region && Object.keys(region).some((key) => key.startsWith("__reactFiber")) && dialogsReady;
  });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** A full page load, then (with JavaScript) the wait for the page to hydrate. */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/**
 * Signs the page's browser in through POST /api/auth/login (its session cookie is the browser's), opens
 * `path`, and waits for the page's level-1 heading. The login screen's own flows are auth.spec.ts's and
 * shell.spec.ts's; here it would only cost every test a page load.
 */
export async function signIn(
  page: Page,
  user: { email: string; password: string },
  path: string,
  heading: string,
) {
  const signedIn = await page.request.post("/api/auth/login", {
    data: { username: user.email, password: user.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await visit(page, path);
  // (An open dialog makes the rest of the page inert, hidden from the accessibility tree.)
  await expect(page.getByRole("heading", { level: 1, name: heading, includeHidden: true })).toBeVisible();
  await hydrated(page);
}

export function dialog(page: Page, name: string) {
  return page.getByRole("dialog", { name });
}

/** The notifications region; toasts are its alert (error) or status children. */
export function notifications(page: Page) {
  return page.getByRole("region", { name: "Notifications (F8)" });
}

export function toast(page: Page, text: string) {
  return notifications(page).getByText(text);
}

/** A titled section (role region) inside a page or a dialog. */
export function section(scope: Locator | Page, name: string) {
  return scope.getByRole("region", { name, exact: true });
}

/** The page's query parameters, without the empty ones a GET form sends for its blank fields. */
export function params(page: Page) {
  return Object.fromEntries([...new URL(page.url()).searchParams].filter(([, value]) => value !== ""));
}

export function pathname(page: Page) {
  return new URL(page.url()).pathname;
}

/** The page's own scripts: held back, the page is as a slow phone shows it before hydration. */
export const PAGE_SCRIPTS = "**/build/**/*.js";

/** Holds back the page's requests to `url` (a glob), those `which` picks, until the returned `release` is called. */
export async function holdRequests(
  page: Page,
  url: string,
  which: (request: Request) => boolean = () => true,
) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (which(route.request())) await held;
    await route.continue();
  });
  return release;
}
