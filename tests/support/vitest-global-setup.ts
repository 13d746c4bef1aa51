import type { TestProject } from "vitest/node";
import { startTestServer } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string | null;
    serverLog: string;
  }
}

/**
 * The projects of vitest.config.ts, in the order of their ports: INTEGRATION_PORT, then the ports above (the
 * browser tests' apps take E2E_PORT and the ports below it).
 */
const PROJECTS = ["shared", "whole-database", "timed"];

/** One app on a fresh database for each project of vitest.config.ts. */
export default async function setup(project: TestProject) {
  const index = PROJECTS.indexOf(project.name);
  if (index < 0) throw new Error(`No port for the vitest project "${project.name}": add it to PROJECTS`);
  const port = Number(process.env.INTEGRATION_PORT || 4174) + index;
  const server = await startTestServer(port);
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", server.databaseUrl);
  project.provide("serverLog", server.logFile);
  return server.stop;
}
