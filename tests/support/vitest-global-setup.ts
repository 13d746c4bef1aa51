import type { TestProject } from "vitest/node";
import { startTestServer } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string | null;
    serverLog: string;
  }
}

/** One app for the whole integration run, on a fresh database. */
export default async function setup(project: TestProject) {
  const server = await startTestServer(Number(process.env.INTEGRATION_PORT || 4174));
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", server.databaseUrl);
  project.provide("serverLog", server.logFile);
  return server.stop;
}
