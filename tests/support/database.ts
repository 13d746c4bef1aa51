// Direct access to the test app's database, for what the API cannot show or set (a lead's creation date,
// the audit rows, the kept counts). Only on a real PostgreSQL: the embedded one belongs to the app process.
import postgres from "postgres";
import { afterAll, inject } from "vitest";

export const databaseUrl = () => inject("databaseUrl");

let client: postgres.Sql | undefined;

/** A postgres.js client on the test database (camelCase columns), closed after the file's tests. */
export function testSql() {
  const url = databaseUrl();
  if (!url) throw new Error("No real PostgreSQL for this run (TEST_EMBEDDED)");
  if (!client) {
    // Four: a test may hold two transactions open (reserve()) and still run statements beside them.
    client = postgres(url, {
      max: 4,
      transform: postgres.camel,
      onnotice: () => {},
      // Tells the tests' own connections apart from the app's in pg_stat_activity.
      connection: { application_name: "crm-test" },
    });
    const opened = client;
    afterAll(() => opened.end());
  }
  return client;
}

/**
 * The app's own modules (models) against the test database, in this process: for model functions that take
 * what the API does not (a date to count the month from). Call it at the top of a describe block.
 */
export function connectAppDatabase() {
  const url = databaseUrl();
  if (!url) return;
  process.env.DATABASE_URL = url;
  afterAll(async () => {
    const { closeDatabase } = await import("../../app/db/db.server");
    await closeDatabase();
  });
}
