// Signing in and out through the browser (SPEC.md section 2 "Login screen", "Unauthenticated handling";
// section 8 "Login"; CONTRACT.md "Signing in"). Every test runs with JavaScript on ("js") and off ("no-js").
import type { Page } from "@playwright/test";
import {
  createUser,
  expect,
  expectAccessible,
  holdRequests,
  hydrated,
  noJs,
  notifications,
  signInWithForm,
  test,
} from "./fixtures";

/** The login screen as SPEC.md describes it, and nothing of the signed-in shell. */
async function expectLoginScreen(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "TSS CRM" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Username" })).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await expect(page.getByText("Contact your administrator if you need access")).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin Access" })).toHaveAttribute("href", "/api/admin/login");
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
}

/** The inline message of the login form (the toast, if any, sits outside the main area). */
function formAlert(page: Page) {
  return page.getByRole("main").getByRole("alert");
}

test.describe("signed-out visitor", () => {
  test("sees the login screen at every page URL, with status 401 and the URL unchanged", async ({ page }) => {
    const paths = [
      "/",
      "/leads",
      "/contacts",
      "/calendar",
      "/admin",
      "/mobile",
      "/dashboard/total-leads",
      "/no-such-page",
      "/contacts?tab=all",
    ];
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(401);
      await expect(page).toHaveURL(path);
      await expectLoginScreen(page);
    }
    await expectAccessible(page);
  });

  test("'Admin Access' goes to /api/admin/login, which comes back to the login screen at /", async ({
    page,
  }) => {
    await page.goto("/calendar");
    await expectLoginScreen(page);
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === "/api/admin/login"),
      page.getByRole("link", { name: "Admin Access" }).click(),
    ]);
    expect((await request.response())?.status()).toBe(302);
    await expect(page).toHaveURL("/");
    await expectLoginScreen(page);
  });

  test("/api/login and /api/admin/login redirect to the login screen at /", async ({ page }) => {
    for (const path of ["/api/login", "/api/admin/login"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(401);
      await expect(page).toHaveURL("/");
      await expectLoginScreen(page);
    }
  });

  test("API calls from the browser are answered 401 Unauthorized", async ({ page, baseURL }) => {
    await page.goto("/");
    await hydrated(page);
    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(401);
    expect(await me.json()).toEqual({ message: "Unauthorized" });
    const users = await page.request.get("/api/admin/users");
    expect(users.status()).toBe(401);
    expect(await users.json()).toEqual({ message: "Unauthorized" });

    // The same calls succeed once this browser is signed in, so the 401s above are about the session.
    const user = await createUser(baseURL!);
    await signInWithForm(page, user);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    const signedIn = await page.request.get("/api/auth/user");
    expect(signedIn.status()).toBe(200);
    expect(await signedIn.json()).toMatchObject({ email: user.email, firstName: user.firstName });
  });
});

test.describe("signing in", () => {
  test("the right password lands on the page that was asked for", async ({ page, baseURL }) => {
    const user = await createUser(baseURL!, { firstName: "Colette" });
    const response = await page.goto("/contacts");
    await hydrated(page);
    expect(response?.status()).toBe(401);
    await signInWithForm(page, user);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Management" })).toBeVisible();
    await expect(page).toHaveURL("/contacts");
    await expect(page.getByRole("banner").getByText("Colette", { exact: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Username" })).toHaveCount(0);

    // A reload keeps the session: the page itself now answers 200.
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Management" })).toBeVisible();
  });

  test("keeps the query string of the page that was asked for", async ({ page, baseURL }) => {
    const user = await createUser(baseURL!);
    await page.goto("/dashboard/closed-deals?from=login");
    await hydrated(page);
    await signInWithForm(page, user);
    await expect(page.getByRole("heading", { level: 1, name: "Closed Deals" })).toBeVisible();
    await expect(page).toHaveURL("/dashboard/closed-deals?from=login");
  });

  test("the username is the e-mail, compared case-insensitively", async ({ page, baseURL }) => {
    const user = await createUser(baseURL!);
    await page.goto("/calendar");
    await hydrated(page);
    await signInWithForm(page, { email: `  ${user.email.toUpperCase()} `, password: user.password });
    await expect(page.getByRole("heading", { level: 1, name: "Follow-up Calendar" })).toBeVisible();
    await expect(page).toHaveURL("/calendar");
  });

  test("a wrong password shows 'Invalid username or password', then the right one still works", async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(baseURL!);
    await page.goto("/contacts");
    await hydrated(page);
    await signInWithForm(page, { email: user.email, password: "wrong-password-9" });

    await expect(formAlert(page)).toHaveText("Invalid username or password");
    await expectLoginScreen(page);
    await expect(page.getByRole("textbox", { name: "Username" })).toHaveValue(user.email);
    await expect(page.getByRole("textbox", { name: "Username" })).toHaveAttribute("aria-invalid", "true");
    // With JavaScript or without (the form posted to /login, which sends the browser back), the address
    // stays the page asked for, and SPEC.md's 'Login Failed' toast says why.
    const toast = notifications(page).getByRole("alert");
    await expect(page).toHaveURL("/contacts");
    await expect(toast).toContainText("Login Failed");
    await expect(toast).toContainText("Invalid username or password");
    await expectAccessible(page);

    // The page asked for at first is still where a successful sign-in goes.
    await signInWithForm(page, user);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Management" })).toBeVisible();
    await expect(page).toHaveURL("/contacts");
  });

  test("an unknown user gets the same 'Invalid username or password'", async ({ page }) => {
    await page.goto("/leads");
    await hydrated(page);
    await signInWithForm(page, { email: "nobody.here@test.example", password: "whatever-123" });
    await expect(formAlert(page)).toHaveText("Invalid username or password");
    await expectLoginScreen(page);
  });

  test("blank fields show 'Please enter both username and password'", async ({ page, baseURL }) => {
    const user = await createUser(baseURL!);
    await page.goto("/leads");
    await hydrated(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(formAlert(page)).toHaveText("Please enter both username and password");
    await expectLoginScreen(page);
    await expect(page).toHaveURL("/leads");
    await expect(notifications(page).getByRole("alert")).toContainText("Login Failed");
    await expect(notifications(page).getByRole("alert")).toContainText(
      "Please enter both username and password",
    );

    // A username with a password of spaces only is blank too.
    await signInWithForm(page, { email: user.email, password: "   " });
    await expect(formAlert(page)).toHaveText("Please enter both username and password");
    await expect(page.getByRole("textbox", { name: "Username" })).toHaveValue(user.email);

    await signInWithForm(page, user);
    await expect(page.getByRole("heading", { level: 1, name: "Lead Management" })).toBeVisible();
    await expect(page).toHaveURL("/leads");
  });

  test("the button reads 'Signing in...' while the sign-in call is under way", async ({ page, baseURL }) => {
    test.skip(
      noJs(),
      "Without JavaScript the browser posts the form itself; there is no in-page busy state.",
    );
    const user = await createUser(baseURL!);
    const release = await holdRequests(page, "**/api/auth/login");
    await page.goto("/");
    await hydrated(page);
    await signInWithForm(page, user);
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
    release();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page).toHaveURL("/");
  });

  test("a signed-in user who opens /login is sent to the dashboard", async ({ page, baseURL }) => {
    const user = await createUser(baseURL!);
    await page.goto("/login");
    await hydrated(page);
    await expectLoginScreen(page);
    await signInWithForm(page, user);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page).toHaveURL("/");
    await page.goto("/login");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  });
});

test.describe("signing out", () => {
  test("Logout returns to the login screen, and the pages stay closed afterwards", async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(baseURL!);
    await page.goto("/calendar");
    await hydrated(page);
    await signInWithForm(page, user);
    await expect(page.getByRole("heading", { level: 1, name: "Follow-up Calendar" })).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await expectLoginScreen(page);

    const again = await page.goto("/");
    expect(again?.status()).toBe(401);
    await expectLoginScreen(page);
    const calendar = await page.goto("/calendar");
    expect(calendar?.status()).toBe(401);
    await expectLoginScreen(page);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });
});
