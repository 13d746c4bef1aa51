import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./tests/support/chromium-path";

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/support/playwright-global-setup.ts",
  // Each worker has an app and a database of its own (the global setup starts them); tests make their own
  // users and records, so order does not matter and every test may run beside any other.
  workers: Number(process.env.E2E_WORKERS || 2),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    // The company's own zone, which the app assumes until a browser says otherwise; the calendar's tests
    // try other zones on purpose.
    timezoneId: "Europe/London",
    trace: "off",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
});
