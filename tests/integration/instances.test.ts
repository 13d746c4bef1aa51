// Two app instances on one database behind one port (a round-robin load balancer, docs/scaling.md "More app
// instances"): started at the same moment they apply each migration once, a session made on one works on the
// other, and the sign-in limit counts the attempts made on both. Needs a real PostgreSQL.
import fs from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_SIGN_INS } from "../support/answers";
import { ApiClient, uniqueAddress } from "../support/api-client";
import { startLoadBalancer, type LoadBalancer } from "../support/load-balancer";
import { freePort } from "../support/tcp-proxy";
import { ADMIN, createDatabase, startTestServer, type TestServer } from "../support/test-server";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("two instances on one database", () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let apps: TestServer[] = [];
  let balancer: LoadBalancer;

  beforeAll(async () => {
    database = await createDatabase();
    // Both at once, on a database with no tables yet.
    const ports = [await freePort(), await freePort()];
    // As behind a load balancer, they share the secret that signs the session cookie.
    const env = { SESSION_SECRET: `instances-${Date.now()}` };
    apps = await Promise.all(ports.map((port) => startTestServer(port, { database: database!, env })));
    balancer = await startLoadBalancer(apps.map((app) => app.baseUrl));
  });

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(apps.map((app) => app.stop()));
    await database?.drop();
  });

  it("apply each migration once when they start together", async () => {
    const sql = postgres(database!.url, { max: 1, onnotice: () => {} });
    try {
      const applied = await sql<{ name: string }[]>`select name from schema_migrations order by name`;
      const files = fs.readdirSync("sql").filter((name) => /^\d{5}_.+\.sql$/.test(name));
      expect(applied.map((row) => row.name)).toEqual(files.sort());
      const [{ admins }] = await sql<{ admins: number }[]>`select count(*)::int as admins from users`;
      expect(admins).toBe(1);
    } finally {
      await sql.end();
    }
  });

  it("a session made on one instance works on the other, and signing out on it ends it on both", async () => {
    const client = new ApiClient(null, balancer.baseUrl);
    const before = [...balancer.served];
    const login = await client.post("/api/auth/login", { username: ADMIN.email, password: ADMIN.password });
    expect(login.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect(await client.get("/api/auth/user")).toMatchObject({ status: 200, body: { email: ADMIN.email } });
    }
    expect((await client.post("/api/logout")).status).toBeLessThan(400);
    for (let i = 0; i < 2; i++) expect((await client.get("/api/auth/user")).status).toBe(401);
    // Six requests, three on each instance: each one signed in, served and signed out on the other's word.
    expect(balancer.served.map((count, i) => count - before[i])).toEqual([3, 3]);
  });

  it("the sign-in limit counts the failures made on both instances", async () => {
    const username = `nobody.${Date.now()}@example.com`;
    const before = [...balancer.served];
    const attempt = () =>
      new ApiClient(null, balancer.baseUrl).request("POST", "/api/auth/login", {
        json: { username, password: "wrong-password" },
        headers: { "x-forwarded-for": uniqueAddress() },
      });
    // Ten failures for one username, five on each instance, from ten addresses: the eleventh is refused on
    // either.
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY_SIGN_INS);
    }
    expect(balancer.served.map((count, i) => count - before[i])).toEqual([6, 6]);
  });
});
