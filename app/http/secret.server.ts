import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "~/db/db.server";
import { env } from "~/utils/env.server";

/**
 * The secrets that sign cookies. Production must set SESSION_SECRET (env.server.ts refuses to start
 * without it); elsewhere one is generated once and kept in DATA_DIR so sessions survive restarts.
 */
export function sessionSecrets(): string[] {
  const fromEnv = env().sessionSecrets;
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir(), "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir(), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error; // another process wrote it first
    }
  }
  return [fs.readFileSync(file, "utf8").trim()];
}
