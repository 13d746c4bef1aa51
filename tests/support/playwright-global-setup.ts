import { startTestServer } from "./test-server";

/** One app for the whole browser run, on a fresh database; Playwright calls the returned teardown. */
export default async function globalSetup() {
  const server = await startTestServer(Number(process.env.E2E_PORT || 4173));
  process.env.E2E_BASE_URL = server.baseUrl;
  // For the few tests that set what no form or API can (a user without a password); unset on the embedded one.
  if (server.databaseUrl) process.env.E2E_DATABASE_URL = server.databaseUrl;
  return server.stop;
}
