import { isProduction } from "./env.server";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "./db.server";

/**
 * The secret that signs cookies. Production must set SESSION_SECRET (server.ts refuses to start without it);
 * elsewhere one is generated once and kept in DATA_DIR so sessions survive restarts.
 */
export function sessionSecrets(): string[] {
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv) return fromEnv.split(",").map((s) => s.trim());
  if (isProduction()) throw new Error("SESSION_SECRET must be set in production");
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
