import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// Three kinds of test file, each kind on an app and database of its own (tests/support/vitest-global-setup.ts):
//  - "shared": files that look only at the users and records they make; they run two at a time.
//  - "whole-database": files that read or change what belongs to everyone (every table's row count, a
//    division's totals, the last active admin); one at a time, beside the shared files.
//  - "timed": files that time the app or read its memory; one at a time, after the others, on a quiet machine.
const WHOLE_DATABASE = [
  "admin-api",
  "api-conventions",
  "api-docs-example",
  "cursor-paging",
  "dashboard-api",
  "export",
  "global-search",
  "hostile-input-cross-site",
  "hostile-input-forged-fields",
  "hostile-input-json",
  "hostile-input-last-admin",
  "hostile-input-reads",
  "hostile-input-sessions",
  "pipeline",
  "users-api",
].map((name) => `tests/integration/${name}.test.ts`);
const TIMED = [
  "bounded-requests",
  "hostile-input-brute-force",
  "kept-counts",
  "resilience",
  "turbo-stream-reflection",
].map((name) => `tests/integration/${name}.test.ts`);
const ALL = ["tests/integration/**/*.test.ts", "app/**/*.test.{ts,tsx}"];

function project(name: string, test: TestProjectInlineConfiguration["test"]): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: { name, globalSetup: ["tests/support/vitest-global-setup.ts"], ...test },
  };
}

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 90_000,
    projects: [
      project("shared", {
        include: ALL,
        exclude: [...WHOLE_DATABASE, ...TIMED],
        maxWorkers: 2,
        sequence: { groupOrder: 0 },
      }),
      project("whole-database", {
        include: WHOLE_DATABASE,
        fileParallelism: false,
        sequence: { groupOrder: 0 },
      }),
      project("timed", { include: TIMED, fileParallelism: false, sequence: { groupOrder: 1 } }),
    ],
  },
});
