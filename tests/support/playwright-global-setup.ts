import type { FullConfig } from "@playwright/test";
import { startTestServer } from "./test-server";

/** What each browser-test worker is given: its own app and, on PostgreSQL, that app's database. */
export type E2eApp = { baseUrl: string; databaseUrl: string | null };

/**
 * One app on a fresh database per Playwright worker (E2E_PORT, then the ports below it), so that the
 * workers run side by side without one app's event loop pacing both; the tests read theirs from E2E_APPS
 * (tests/e2e/fixtures.ts). Playwright calls the returned teardown.
 */
export default async function globalSetup(config: FullConfig) {
  const firstPort = Number(process.env.E2E_PORT || 4173);
  const started = await Promise.allSettled(
    Array.from({ length: config.workers }, (_, index) => startTestServer(firstPort - index)),
  );
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  const apps: E2eApp[] = servers.map(({ baseUrl, databaseUrl }) => ({ baseUrl, databaseUrl }));
  process.env.E2E_APPS = JSON.stringify(apps);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
