// `npm run seed:demo`: demo users, leads, contacts and follow-ups, only into an empty database.
import { closeDatabase, connectDatabase } from "../app/db/db.server";
import { ensureFirstAdmin } from "../app/models/user.server";
import { seedDemoData } from "../app/startup/demo-data.server";

await connectDatabase();
const admin = await ensureFirstAdmin();
if (admin?.generated) console.log(`First admin created: ${admin.email} with password ${admin.password}`);
const demo = await seedDemoData();
console.log(
  demo
    ? `Demo data added. Sales users: ${demo.users.join(", ")} (password: ${demo.password})`
    : "The database already holds data: nothing was added.",
);
await closeDatabase();
