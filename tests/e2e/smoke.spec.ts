import { createUser, expect, expectAccessible, signInWithForm, test } from "./fixtures";

test("a sales user signs in and sees the shell", async ({ page, baseURL }) => {
  const user = await createUser(baseURL!);
  await page.goto("/leads");
  await expect(page.getByRole("heading", { name: "TSS CRM" })).toBeVisible();
  await expectAccessible(page);
  await signInWithForm(page, user);
  await expect(page.getByRole("heading", { name: "Lead Management" })).toBeVisible();
  await expect(page).toHaveURL(/\/leads$/);
  await expectAccessible(page);
});
