import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/integration/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    // The files share one running app and database; each test makes its own users and data.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
