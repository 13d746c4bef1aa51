// Shared pieces of the browser tests: users made through the API, sign-in through the real form,
// an axe check of every visited page, and console errors failing the test.
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  request as playwrightRequest,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import crypto from "node:crypto";
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

/**
 * Fails on serious or critical accessibility violations of the page as it is now. axe needs JavaScript,
 * so a page rendered without it is checked as a copy (its HTML, scripts removed) in a JavaScript context.
 */
export async function expectAccessible(page: Page) {
  let target = page;
  let copyContext: BrowserContext | null = null;
  if (!(await page.evaluate(() => typeof window.__remixRouter !== "undefined").catch(() => false))) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    copyContext = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
    target = await copyContext.newPage();
    await target.route(page.url(), (route) => route.fulfill({ contentType: "text/html", body: html }));
    await target.goto(page.url());
  }
  try {
    const results = await new AxeBuilder({ page: target }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    ).toEqual([]);
  } finally {
    await copyContext?.close();
  }
}

export const test = base.extend<{ consoleErrors: string[] }>({
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

type Api = Awaited<ReturnType<typeof signedInApi>>;

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
