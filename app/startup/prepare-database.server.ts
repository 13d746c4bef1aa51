import { ensureFirstAdmin } from "~/models/user.server";
import { connectDatabase } from "~/db/db.server";
import { env } from "~/utils/env.server";
import { seedDemoData } from "./demo-data.server";

/**
 * Everything the app needs before it serves: the database (migrated), the first admin, and on a new
 * embedded database (or DEMO_DATA=1) the demo data. Returns what the console should tell the person.
 */
export async function prepareDatabase() {
  const database = await connectDatabase();
  const admin = await ensureFirstAdmin();
  const { demoData } = env();
  // A new embedded database gets the demo unless DEMO_DATA=0; a server's database whenever DEMO_DATA=1
  // finds it empty (seedDemoData checks), also on a start after the one that made the first admin.
  const wantDemo = database.embedded ? demoData !== "0" && admin !== null : demoData === "1";
  const demo = wantDemo ? await seedDemoData() : null;
  return { database, admin, demo };
}
