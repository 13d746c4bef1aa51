// `npm run seed:bulk -- --leads 1000000`: fills the database named by DATABASE_URL (else the embedded one
// under DATA_DIR) with bulk data (scripts/bulk-data.ts). The database must hold no leads yet.
import { parseArgs } from "node:util";
import { closeDatabase, connectDatabase } from "../app/db/db.server";
import { BULK_PASSWORD, BULK_USERS, bulkUserEmail, seedBulk } from "./bulk-data";

const { values } = parseArgs({ options: { leads: { type: "string", default: "100000" } } });
const leads = Number(values.leads);
if (!Number.isInteger(leads) || leads < 1) {
  console.error("--leads takes a positive whole number, e.g. --leads 1000000");
  process.exit(2);
}

const { sql, embedded } = await connectDatabase();
console.log(
  `Seeding ${leads.toLocaleString("en-GB")} leads into ${embedded ? "the embedded database" : "DATABASE_URL"}...`,
);
try {
  const done = await seedBulk(sql, leads, (step, seconds) =>
    console.log(`  ${step.padEnd(20)} ${seconds.toFixed(1).padStart(6)} s`),
  );
  const count = (n: number) => n.toLocaleString("en-GB");
  console.log(
    `Done in ${done.seconds.toFixed(0)} s: ${count(done.leads)} leads, ${count(done.contacts)} contacts, ` +
      `${count(done.notes)} notes, ${count(done.auditEntries)} audit entries, ${BULK_USERS} users.`,
  );
  console.log(
    `Sign in as ${bulkUserEmail(1)} (admin) or ${bulkUserEmail(3)} (sales), password ${BULK_PASSWORD}.`,
  );
} catch (error) {
  console.error(`Nothing was added: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
