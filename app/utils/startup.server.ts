import { ensureFirstAdmin } from "~/models/user.server";
import { connectDatabase } from "./db.server";
import { seedDemoData } from "./demo-data.server";

/**
 * Everything the app needs before it serves: the database (migrated), the first admin, and on a new
 * embedded database (or DEMO_DATA=1) the demo data. Returns what the console should tell the person.
 */
export async function prepareDatabase() {
  const database = await connectDatabase();
  const admin = await ensureFirstAdmin();
  const wantDemo = database.embedded ? process.env.DEMO_DATA !== "0" : process.env.DEMO_DATA === "1";
  const demo = wantDemo && admin ? await seedDemoData() : null;
  return { database, admin, demo };
}
