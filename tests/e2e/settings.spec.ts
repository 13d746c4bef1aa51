// Settings (/settings): personal API tokens (docs/security.md "API tokens"): create one and see it once, the
// list, revoke through the confirmation; an admin revoking a user's token on /admin; the phone layout. Every
// test runs with JavaScript on ("js") and off ("no-js").
import { request as playwrightRequest, type Page } from "@playwright/test";
import {
  createUser,
  dialog,
  expect,
  expectAccessible,
  hydrated,
  noJs,
  params,
  section,
  signIn,
  signedInApi,
  test,
  toast,
  visit,
} from "./fixtures";

// Whole flows with several page loads and axe checks: more time than the default 30 s.
test.describe.configure({ timeout: 60_000 });

type Api = Awaited<ReturnType<typeof signedInApi>>;

/** POST /api/tokens with a signed-in API client; answers the record with its token. */
async function createToken(api: Api, name: string) {
  const response = await api.post("/api/tokens", { data: { name, expiresInDays: 30 } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; token: string; prefix: string };
}

/** The status GET /api/auth/user answers a script holding only `token`. */
async function statusWithToken(baseURL: string, token: string) {
  const script = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  try {
    return (await script.get("/api/auth/user")).status();
  } finally {
    await script.dispose();
  }
}

function tokensSection(page: Page) {
  return section(page, "API Tokens");
}

/** The list item of the token named `name`. */
function tokenRow(page: Page, name: string) {
  return tokensSection(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
}

test.describe("API tokens", () => {
  test("the header's Settings link; creating a token shows it once, then the list has it", async ({
    page,
    context,
    baseURL,
    crm,
  }) => {
    await signIn(page, crm.user, "/", "Dashboard");
    await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await hydrated(page);
    await expect(tokensSection(page).getByText("You have no API tokens yet.")).toBeVisible();
    await expectAccessible(page);

    // No name: the field says so, and nothing is made.
    const form = tokensSection(page);
    await form.getByRole("button", { name: "Create Token" }).click();
    await expect(form.getByRole("textbox", { name: "Token name" })).toHaveAccessibleDescription(
      "Name is required",
    );
    await expect(page.getByTestId("new-token")).toHaveCount(0);

    const name = `Nightly export ${crm.token}`;
    await form.getByRole("textbox", { name: "Token name" }).fill(name);
    await expect(form.getByLabel("Expires after")).toHaveValue("30");
    await form.getByLabel("Expires after").selectOption({ label: "90 days" });
    await form.getByRole("button", { name: "Create Token" }).click();

    const notice = section(page, `Your new token “${name}”`);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("it will not be shown again");
    const token = (await page.getByTestId("new-token").textContent())!.trim();
    expect(token).toMatch(/^crm_[A-Za-z0-9_-]{43}$/);
    if (!noJs()) await expect(toast(page, "API token created successfully")).toBeVisible();
    // The form is empty again for the next one.
    await expect(form.getByRole("textbox", { name: "Token name" })).toHaveValue("");
    await expectAccessible(page);

    if (noJs()) {
      await expect(notice.getByRole("button", { name: "Copy" })).toHaveCount(0);
    } else {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await notice.getByRole("button", { name: "Copy" }).click();
      await expect(notice.getByRole("button", { name: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    }

    const row = tokenRow(page, name);
    await expect(row).toContainText("Active");
    await expect(row).toContainText(`${token.slice(0, 12)}…`);
    await expect(row).toContainText("Last usedNever");
    expect(await statusWithToken(baseURL!, token)).toBe(200);

    // Shown once: a fresh visit lists the token, used now, but never shows it again.
    await visit(page, "/settings");
    await expect(page.getByTestId("new-token")).toHaveCount(0);
    expect(await page.content()).not.toContain(token);
    await expect(row).toContainText("Active");
    await expect(row).not.toContainText("Last usedNever");
  });

  test("a token's scope: read and write unless chosen, Admin only for an admin, shown in the list", async ({
    page,
    baseURL,
    crm,
  }) => {
    await signIn(page, crm.user, "/settings", "Settings");
    const form = tokensSection(page);
    const scope = form.getByLabel("Scope");
    await expect(scope).toHaveValue("write");
    await expect(scope.locator("option")).toHaveText(["Read only", "Read and write"]);
    const name = `Read-only report ${crm.token}`;
    await form.getByRole("textbox", { name: "Token name" }).fill(name);
    await scope.selectOption({ label: "Read only" });
    await form.getByRole("button", { name: "Create Token" }).click();
    const token = (await page.getByTestId("new-token").textContent())!.trim();
    await expect(tokenRow(page, name)).toContainText("Scope: Read only");
    await expectAccessible(page);

    // It reads, and may not write.
    const script = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
    try {
      expect((await script.get("/api/leads/TSS?limit=1")).status()).toBe(200);
      const write = await script.post("/api/leads", {
        data: {
          firstName: "No",
          lastName: "Write",
          email: `no.write.${crm.token}@example.com`,
          company: "Refused Ltd",
          companyDivision: "TSS",
        },
      });
      expect(write.status()).toBe(403);
    } finally {
      await script.dispose();
    }

    // An admin may also make an Admin token.
    const admin = await createUser(baseURL!, { role: "ADMIN", companies: ["TSS"] });
    await page.context().clearCookies();
    await signIn(page, admin, "/settings", "Settings");
    await expect(tokensSection(page).getByLabel("Scope").locator("option")).toHaveText([
      "Read only",
      "Read and write",
      "Admin",
    ]);
  });

  test("Revoke asks first; Cancel keeps the token, Revoke ends it at once", async ({
    page,
    baseURL,
    crm,
  }) => {
    const name = `Backup job ${crm.token}`;
    const created = await createToken(crm.api, name);
    await signIn(page, crm.user, "/settings", "Settings");
    const row = tokenRow(page, name);
    await expect(row).toContainText("Active");

    await row.getByRole("link", { name: `Revoke ${name}` }).click();
    let confirm = dialog(page, "Revoke API Token");
    await expect(confirm).toContainText(`Are you sure you want to revoke “${name}”?`);
    await expect(confirm).toContainText("Scripts that use it will stop working at once.");
    expect(params(page)).toEqual({ revoke: created.id });
    await expectAccessible(page);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    expect(params(page)).toEqual({});
    expect(await statusWithToken(baseURL!, created.token)).toBe(200);

    await hydrated(page);
    await row.getByRole("link", { name: `Revoke ${name}` }).click();
    confirm = dialog(page, "Revoke API Token");
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expect(toast(page, "API token revoked successfully")).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(row).toContainText("Revoked");
    await expect(row.getByRole("link", { name: `Revoke ${name}` })).toHaveCount(0);
    expect(await statusWithToken(baseURL!, created.token)).toBe(401);
  });

  test("an admin sees a user's active token on /admin and revokes it", async ({ page, baseURL, crm }) => {
    const name = `Sync ${crm.token}`;
    const created = await createToken(crm.api, name);
    const admin = await createUser(baseURL!, { role: "ADMIN", companies: ["TSS", "NLH"] });
    await signIn(page, admin, "/admin", "Admin Control Panel");
    const row = tokenRow(page, name);
    await expect(row).toContainText(crm.user.email);
    await expect(row).toContainText(`${created.prefix}…`);
    await expectAccessible(page);

    await row.getByRole("link", { name: `Revoke ${name}` }).click();
    const confirm = dialog(page, "Revoke API Token");
    await expect(confirm).toContainText(`Are you sure you want to revoke “${name}” of ${crm.user.email}?`);
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expect(toast(page, "API token revoked successfully")).toBeVisible();
    await expect(confirm).toHaveCount(0);
    // The list holds active tokens only.
    await expect(row).toHaveCount(0);
    expect(await statusWithToken(baseURL!, created.token)).toBe(401);
  });
});

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the settings page, with a new token shown and a long name listed, fits", async ({ page, crm }) => {
    await createToken(crm.api, `A rather long token name for the overnight reconciliation ${crm.token}`);
    await signIn(page, crm.user, "/settings", "Settings");
    await tokensSection(page).getByRole("textbox", { name: "Token name" }).fill(`Phone ${crm.token}`);
    await tokensSection(page).getByRole("button", { name: "Create Token" }).click();
    await expect(page.getByTestId("new-token")).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expect(page.getByRole("banner").getByRole("link", { name: "Settings" })).toBeVisible();
    await expectAccessible(page);
  });
});
