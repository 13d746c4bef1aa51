import net from "node:net";

/**
 * Every environment variable the app reads, in one place, parsed and checked once. The README's
 * configuration table lists exactly these plus TOOLING_VARIABLES (tests/integration/env-docs.test.ts keeps
 * the two in step). Code reads `env()`, never `process.env`.
 */
export const APP_VARIABLES = {
  PORT: { default: "`3000`", meaning: "HTTP port" },
  DATABASE_URL: { default: "unset", meaning: "PostgreSQL to use; unset means the embedded database" },
  DATABASE_POOL_SIZE: {
    default: "`10`",
    meaning: "connections to `DATABASE_URL` (the embedded database always uses one)",
  },
  DATABASE_PREPARE: {
    default: "`1`",
    meaning:
      "`0` sends every statement unprepared, for a pooler in transaction mode such as pgbouncer (docs/scaling.md)",
  },
  DATA_DIR: {
    default: "`./.data`",
    meaning: "embedded database files, and the generated session secret outside production",
  },
  SESSION_SECRET: {
    default: "generated into `DATA_DIR`",
    meaning:
      "signs the session and toast cookies; comma-separate to rotate; **required** when `NODE_ENV=production`",
  },
  NODE_ENV: {
    default: "unset",
    meaning: "`production` marks cookies `Secure`, sends HSTS and requires `SESSION_SECRET`",
  },
  ADMIN_EMAIL: {
    default: "`admin@example.com`",
    meaning: "first admin, created when the users table is empty",
  },
  ADMIN_PASSWORD: { default: "random, printed once", meaning: "the first admin's password" },
  ADMIN_FIRST_NAME: { default: "`Admin`", meaning: "the first admin's first name" },
  ADMIN_LAST_NAME: { default: "`User`", meaning: "the first admin's last name" },
  DEMO_DATA: {
    default: "`1` on a new embedded database, else `0`",
    meaning: "`0` never adds demo data; `1` adds it to an empty `DATABASE_URL` database",
  },
  TRUST_PROXY: {
    default: "unset",
    meaning:
      "Express `trust proxy`: `true`, a hop count (`1`), or addresses / `loopback`, comma-separated, so rate limits and the audit log see the client's address behind a proxy",
  },
  API_TOKEN_RATE_LIMIT: {
    default: "`600`",
    meaning:
      "requests one API token may make per minute; more are answered 429 with `Retry-After` (docs/security.md)",
  },
  SIGN_IN_SUCCESS_LIMIT: {
    default: "`30`",
    meaning:
      "successful sign-ins one username may make per 15 minutes; more are answered 429 with `Retry-After` (docs/security.md)",
  },
  SMTP_URL: {
    default: "unset",
    meaning:
      "SMTP server for e-mail reminders of follow-ups (`smtp://user:pass@host:587`, `smtps://...`); unset sends none (docs/decisions/028-my-day-and-reminders.md)",
  },
  SMTP_FROM: { default: "`CRM <no-reply@localhost>`", meaning: "the reminders' From address" },
  REMINDER_EVERY_MS: {
    default: "`30000`",
    meaning:
      "how often the app looks for follow-ups come due to e-mail, and for digests to send (milliseconds)",
  },
} as const;

/** Read by the test and benchmark scripts, not by the app; listed so the README's table is complete. */
export const TOOLING_VARIABLES = {
  TEST_DATABASE_URL: {
    default: "local server if it answers",
    meaning: "tests: the PostgreSQL server on which each run creates (and drops) a fresh database",
  },
  TEST_EMBEDDED: {
    default: "unset",
    meaning: "tests: `1` runs them on the embedded database even when a PostgreSQL server answers",
  },
  TEST_APP_DATABASE_PORT: {
    default: "unset",
    meaning:
      "tests: the port on which the test app reaches the test database (a pooler; `npm run test:pgbouncer`)",
  },
  TEST_SERVER_LOGS: { default: "unset", meaning: "tests: `1` prints the test app's log" },
  CHROMIUM_PATH: {
    default: "`/usr/bin/chromium-headless-shell`, else `/usr/bin/chromium`",
    meaning: "tests: the browser Playwright drives",
  },
  INTEGRATION_PORT: {
    default: "`4174`",
    meaning:
      "tests: port of the integration tests' first app (their other two apps take the two ports above)",
  },
  E2E_PORT: {
    default: "`4173`",
    meaning:
      "tests: port of the first browser-test worker's app (the next workers' apps take the ports below)",
  },
  E2E_WORKERS: {
    default: "`2`",
    meaning: "tests: browser-test workers, each with an app and database of its own",
  },
  BENCH_LEADS: {
    default: "`100000`",
    meaning: "`npm run bench`: leads of bulk data it fills (both divisions)",
  },
  BENCH_SECONDS: { default: "`5`", meaning: "`npm run bench`: length of each measured load run" },
  BENCH_OUT: { default: "`bench/results.json`", meaning: "`npm run bench`: where it writes the results" },
  BENCH_DATABASE_URL: {
    default: "local server if it answers",
    meaning: "`npm run bench`: the PostgreSQL server on which it creates its database",
  },
  BENCH_KEEP: { default: "unset", meaning: "`npm run bench`: `1` keeps the filled database afterwards" },
} as const;

export type TrustProxy = boolean | number | string[];

export type Env = {
  port: number;
  databaseUrl: string | null;
  databasePoolSize: number;
  databasePrepare: boolean;
  dataDir: string;
  sessionSecrets: string[] | null;
  production: boolean;
  admin: { email: string; password: string | null; firstName: string; lastName: string };
  demoData: "0" | "1" | null;
  trustProxy: TrustProxy | null;
  apiTokenRateLimit: number;
  signInSuccessLimit: number;
  smtp: { url: string; from: string; everyMs: number } | null;
};

/** A variable that cannot be used: the process says which and stops (server.ts). */
export class EnvError extends Error {}

let cached: Env | undefined;

/** The parsed environment, read on first use (scripts may set process.env before that). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export function isProduction() {
  return env().production;
}

// Reads through a parameter on purpose: the Remix build replaces a literal `process.env.NODE_ENV` at build time.
export function parseEnv(source: Record<string, string | undefined>): Env {
  const text = (name: keyof typeof APP_VARIABLES) => {
    const value = source[name]?.trim();
    return value ? value : null;
  };
  const production = text("NODE_ENV") === "production";
  const secrets = text("SESSION_SECRET")
    ?.split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (production && !secrets?.length) {
    throw new EnvError("SESSION_SECRET must be set when NODE_ENV=production. Refusing to start.");
  }
  const demo = text("DEMO_DATA");
  const prepare = text("DATABASE_PREPARE");
  if (prepare !== null && prepare !== "0" && prepare !== "1")
    throw new EnvError(`DATABASE_PREPARE must be 0 or 1, not "${prepare}".`);
  if (demo !== null && demo !== "0" && demo !== "1")
    throw new EnvError(`DEMO_DATA must be 0 or 1, not "${demo}".`);
  return {
    port: integer("PORT", text("PORT"), 3000, 0, 65535),
    databaseUrl: databaseUrl(text("DATABASE_URL")),
    databasePoolSize: integer("DATABASE_POOL_SIZE", text("DATABASE_POOL_SIZE"), 10, 1, 1000),
    databasePrepare: prepare !== "0",
    dataDir: text("DATA_DIR") ?? ".data",
    sessionSecrets: secrets?.length ? secrets : null,
    production,
    admin: {
      email: (text("ADMIN_EMAIL") ?? "admin@example.com").toLowerCase(),
      password: source.ADMIN_PASSWORD || null,
      firstName: text("ADMIN_FIRST_NAME") ?? "Admin",
      lastName: text("ADMIN_LAST_NAME") ?? "User",
    },
    demoData: demo,
    trustProxy: parseTrustProxy(text("TRUST_PROXY")),
    apiTokenRateLimit: integer("API_TOKEN_RATE_LIMIT", text("API_TOKEN_RATE_LIMIT"), 600, 1, 1_000_000),
    signInSuccessLimit: integer("SIGN_IN_SUCCESS_LIMIT", text("SIGN_IN_SUCCESS_LIMIT"), 30, 1, 1_000_000),
    smtp: smtp(text("SMTP_URL"), text("SMTP_FROM"), text("REMINDER_EVERY_MS")),
  };
}

function integer(name: string, value: string | null, fallback: number, min: number, max: number) {
  if (value === null) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new EnvError(`${name} must be a whole number from ${min} to ${max}, not "${value}".`);
  }
  return number;
}

function smtp(url: string | null, from: string | null, everyMs: string | null) {
  const every = integer("REMINDER_EVERY_MS", everyMs, 30_000, 100, 86_400_000);
  if (url === null) return null;
  if (!/^smtps?:\/\//.test(url)) throw new EnvError("SMTP_URL must be an smtp:// or smtps:// URL.");
  return { url, from: from ?? "CRM <no-reply@localhost>", everyMs: every };
}

function databaseUrl(value: string | null) {
  if (value === null) return null;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new EnvError("DATABASE_URL must be a postgres:// URL (unset it to use the embedded database).");
  }
  return value;
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * The values Express's `trust proxy` accepts: true / false, a hop count, or a comma-separated list of
 * addresses, subnets (a.b.c.d/n) and the names loopback, linklocal, uniquelocal.
 */
export function parseTrustProxy(value: string | null): TrustProxy | null {
  if (value === null) return null;
  if (value === "true" || value === "false") return value === "true";
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split("/");
    const validPrefix =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= 128) || net.isIP(prefix) === 4;
    if (!(PROXY_NAMES.has(entry) || (net.isIP(address) && validPrefix && rest.length === 0))) {
      throw new EnvError(
        `TRUST_PROXY must be true, false, a number of hops, or addresses / loopback / linklocal / uniquelocal, comma-separated; "${entry}" is none of these.`,
      );
    }
  }
  return entries;
}
