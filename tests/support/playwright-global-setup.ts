import { startTestServer } from "./test-server";

/** One app for the whole browser run, on a fresh database; Playwright calls the returned teardown. */
export default async function globalSetup() {
  const server = await startTestServer(Number(process.env.E2E_PORT || 4173));
  process.env.E2E_BASE_URL = server.baseUrl;
  return server.stop;
}
