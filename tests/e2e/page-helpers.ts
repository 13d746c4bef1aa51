// Small helpers shared by the browser tests of the sign-in and the shell.
import type { Page } from "@playwright/test";
import { test } from "./fixtures";

/** True in the "no-js" project, where every page runs with JavaScript disabled. */
export function noJs() {
  return test.info().project.name === "no-js";
}

/**
 * With JavaScript on, waits until React has hydrated the page's form, so a click runs the page's own
 * handlers (fetch sign-in, toasts) rather than the browser's plain form post. Returns at once without
 * JavaScript, where the plain form post is the behaviour under test.
 */
export async function waitForHydration(page: Page) {
  if (noJs()) return;
  await page.waitForFunction(() => {
    const form = document.querySelector("form");
    return !!form && Object.keys(form).some((key) => key.startsWith("__reactProps$"));
  });
}

/** The notifications region; toasts are its alert (error) or status children. */
export function notifications(page: Page) {
  return page.getByRole("region", { name: "Notifications (F8)" });
}
