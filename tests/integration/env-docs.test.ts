// The README's configuration table lists exactly the variables of app/utils/env.server.ts.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { envTable, readmeTable, tableRows } from "../../scripts/env-table";
import { parseEnv, parseTrustProxy } from "../../app/utils/env.server";

describe("configuration", () => {
  it("the README's table is the one env.server.ts describes (npx tsx scripts/env-table.ts --write)", () => {
    const readme = readmeTable(fs.readFileSync("README.md", "utf8"));
    expect(readme).not.toBeNull();
    expect(tableRows(readme!)).toEqual(tableRows(envTable()));
  });

  it("accepts the values Express's trust proxy accepts, and refuses others in one line", () => {
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("loopback, 10.0.0.0/8, ::1")).toEqual(["loopback", "10.0.0.0/8", "::1"]);
    expect(parseTrustProxy("192.168.0.0/255.255.0.0")).toEqual(["192.168.0.0/255.255.0.0"]);
    expect(() => parseTrustProxy("yes")).toThrow(/^TRUST_PROXY must be/);
    expect(() => parseTrustProxy("10.0.0.0/999")).toThrow(/"10.0.0.0\/999"/);
  });

  it("refuses production without a session secret, and values it cannot use", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET must be set/);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "a, b" }).sessionSecrets).toEqual(["a", "b"]);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT must be a whole number/);
    expect(() => parseEnv({ DEMO_DATA: "yes" })).toThrow(/DEMO_DATA must be 0 or 1/);
    expect(() => parseEnv({ DATABASE_PREPARE: "no" })).toThrow(/DATABASE_PREPARE must be 0 or 1/);
    expect(parseEnv({ DATABASE_PREPARE: "0" }).databasePrepare).toBe(false);
    expect(parseEnv({}).databasePrepare).toBe(true);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must be a postgres/);
    expect(parseEnv({}).port).toBe(3000);
  });
});
