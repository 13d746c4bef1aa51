// Personal API tokens (docs/security.md "API tokens"): made, listed and revoked through /api/tokens, an admin's
// view of everyone's through /api/admin/tokens, and a script holding only a token: it acts as the token's user
// with exactly their current role and divisions, as far as the token's scope allows (read, write, admin), on
// the JSON API only, until the token is revoked or expires or the user is deactivated or given a new password
// (each seen by the very next request, and none minted in the middle of such a change survives it), within a
// per-token rate limit.
import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN, ISO_UTC, NOT_FOUND, UNAUTHORIZED } from "../support/answers";
import {
  ApiClient,
  missingId,
  signIn,
  signInAdmin,
  signedInUser,
  type ApiResult,
  type NewUser,
  deactivateUser,
} from "../support/api-client";
import { databaseUrl, testSql } from "../support/database";
import { createLead, leadInput } from "../support/leads";
import { freePort } from "../support/tcp-proxy";
import { startTestServer, type TestServer } from "../support/test-server";

const TOKEN = /^crm_[A-Za-z0-9_-]{43}$/;
const RECORD_KEYS = [
  "createdAt",
  "expiresAt",
  "id",
  "lastUsedAt",
  "name",
  "prefix",
  "revokedAt",
  "scope",
  "status",
];
const DAY_MS = 24 * 60 * 60 * 1000;

type TokenRecord = {
  id: string;
  name: string;
  prefix: string;
  status: "ACTIVE" | "REVOKED" | "EXPIRED";
  scope: "read" | "write" | "admin";
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** A script's client: `Authorization: Bearer <token>` on every request, and no cookie. */
class TokenClient extends ApiClient {
  constructor(
    readonly token: string,
    base?: string,
  ) {
    super(null, base);
  }

  override request<T>(
    method: string,
    path: string,
    options: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<ApiResult<T>> {
    const headers = { authorization: `Bearer ${this.token}`, ...options.headers };
    return super.request<T>(method, path, { ...options, headers });
  }
}

let admin: ApiClient;
beforeAll(async () => {
  admin = await signInAdmin();
});

/** POST /api/tokens as `client`; answers the created record with its token. */
async function createToken(
  client: ApiClient,
  name = "Script",
  expiresInDays = 30,
  scope?: TokenRecord["scope"],
) {
  const result = await client.post<TokenRecord & { token: string }>("/api/tokens", {
    name,
    expiresInDays,
    ...(scope ? { scope } : {}),
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body;
}

/**
 * A new user, signed in, with a token of theirs and a client that holds only the token: an admin's token has
 * the admin scope unless `scope` says otherwise, anyone else's the write scope.
 */
async function userWithToken(overrides: Partial<NewUser> = {}, scope?: TokenRecord["scope"]) {
  const { user, client } = await signedInUser(admin, overrides);
  const created = await createToken(
    client,
    "Script",
    30,
    scope ?? (overrides.role === "ADMIN" ? "admin" : undefined),
  );
  return { user, client, created, script: new TokenClient(created.token) };
}

async function ownTokens(client: ApiClient) {
  const result = await client.get<TokenRecord[]>("/api/tokens");
  expect(result.status).toBe(200);
  return result.body;
}

async function auditEntries(action: string, search: string) {
  const result = await admin.get(`/api/admin/audit-log?${new URLSearchParams({ action, search })}`);
  expect(result.status).toBe(200);
  return result.body as { action: string; userId: string; resource: string; details: string }[];
}

describe("/api/tokens", () => {
  it("creates a token (201, the token this once), lists it without the token, revokes it (200)", async () => {
    const { client } = await signedInUser(admin);
    const before = Date.now();
    const created = await createToken(client, "  Nightly export  ", 90);
    expect(Object.keys(created).sort()).toEqual([...RECORD_KEYS, "token"].sort());
    // Without a scope, a token reads and writes (the write scope).
    expect(created.scope).toBe("write");
    expect(created.token).toMatch(TOKEN);
    expect(created).toMatchObject({
      name: "Nightly export",
      prefix: created.token.slice(0, 12),
      status: "ACTIVE",
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.createdAt).toMatch(ISO_UTC);
    const lifetime = Date.parse(created.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(90 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThan(90 * DAY_MS + 60_000);

    const second = await createToken(client, "Second", 7);
    expect(second.token).not.toBe(created.token);
    const list = await client.get<TokenRecord[]>("/api/tokens");
    expect(list.headers.get("x-total-count")).toBe("2");
    // Newest first; never the token (nor its hash).
    expect(list.body.map((token) => token.id)).toEqual([second.id, created.id]);
    for (const token of list.body) expect(Object.keys(token).sort()).toEqual(RECORD_KEYS);
    expect(JSON.stringify(list.body)).not.toContain(created.token);

    const revoked = await client.delete<TokenRecord>(`/api/tokens/${created.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.id, status: "REVOKED" });
    expect(revoked.body.revokedAt).toMatch(ISO_UTC);
    // Again: nothing changes, the same record.
    expect(await client.delete(`/api/tokens/${created.id}`)).toMatchObject({
      status: 200,
      body: revoked.body,
    });
    expect((await ownTokens(client)).map((token) => [token.id, token.status])).toEqual([
      [second.id, "ACTIVE"],
      [created.id, "REVOKED"],
    ]);
    // Another user's list does not hold them.
    const other = await signedInUser(admin);
    expect(await ownTokens(other.client)).toEqual([]);
  });

  it("checks the input: a name of 1 to 100 characters and an expiry of 7, 30, 90 or 365 days", async () => {
    const { client } = await signedInUser(admin);
    const cases: [unknown, string[]][] = [
      [{}, ["expiresInDays", "name"]],
      [{ name: "   ", expiresInDays: 30 }, ["name"]],
      [{ name: "x".repeat(101), expiresInDays: 30 }, ["name"]],
      [{ name: "Script", expiresInDays: 366 }, ["expiresInDays"]],
      [{ name: "Script", expiresInDays: 0 }, ["expiresInDays"]],
      [{ name: "Script", expiresInDays: null }, ["expiresInDays"]],
      [{ name: 5, expiresInDays: 30 }, ["name"]],
      [[], ["body"]],
    ];
    for (const [json, fields] of cases) {
      const result = await client.post("/api/tokens", json);
      expect(result.status, JSON.stringify(json)).toBe(400);
      expect(result.body.message).toBe("Invalid input");
      expect(Object.keys(result.body.errors).sort(), JSON.stringify(json)).toEqual(fields);
    }
    expect((await client.post("/api/tokens", { name: "x".repeat(100), expiresInDays: 365 })).status).toBe(
      201,
    );
    expect(await ownTokens(client)).toHaveLength(1);
    expect((await client.request("POST", "/api/tokens", { body: "name=x" })).status).toBe(415);
    expect((await new ApiClient().post("/api/tokens", { name: "x", expiresInDays: 7 })).status).toBe(401);
    expect((await new ApiClient().get("/api/tokens")).body).toEqual(UNAUTHORIZED);
    expect((await client.delete(`/api/tokens/${missingId()}`)).body).toEqual(NOT_FOUND);
    expect((await client.delete("/api/tokens/not-an-id")).status).toBe(404);
    expect((await client.get(`/api/tokens/${missingId()}`)).status).toBe(405);
  });

  it("a script can list and revoke with its token, but not make more tokens (403)", async () => {
    const { client, created, script } = await userWithToken();
    const list = await script.get<TokenRecord[]>("/api/tokens");
    expect(list.body.map((token) => token.id)).toEqual([created.id]);
    const minted = await script.post("/api/tokens", { name: "Another", expiresInDays: 365 });
    expect(minted).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await ownTokens(client)).toHaveLength(1);
    // Revoking itself: this request still went through, the next does not.
    expect((await script.delete(`/api/tokens/${created.id}`)).status).toBe(200);
    expect((await script.get("/api/tokens")).status).toBe(401);
  });

  it("creating and revoking are in the audit log", async () => {
    const { user, client, created } = await userWithToken();
    const [made] = await auditEntries("TOKEN_CREATED", created.id);
    expect(made).toMatchObject({ userId: user.id, resource: `api-token:${created.id}` });
    expect(made.details).toContain(created.prefix);
    expect(made.details).not.toContain(created.token);
    expect(await auditEntries("TOKEN_REVOKED", created.id)).toEqual([]);
    await client.delete(`/api/tokens/${created.id}`);
    await client.delete(`/api/tokens/${created.id}`);
    const revoked = await auditEntries("TOKEN_REVOKED", created.id);
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ userId: user.id, resource: `api-token:${created.id}` });
  });
});

describe("a script holding only a token", () => {
  it("reads and writes as the token's user, with no cookie", async () => {
    const { user, script } = await userWithToken({ companies: ["TSS"] });
    const me = await script.get("/api/auth/user");
    expect(me).toMatchObject({ status: 200, body: { id: user.id, email: user.email } });
    const lead = await createLead(script, { companyDivision: "TSS" });
    expect(lead.createdBy?.id).toBe(user.id);
    expect((await script.patch(`/api/leads/${lead.id}`, { company: "Renamed Ltd" })).status).toBe(200);
    expect((await script.delete(`/api/leads/${lead.id}`)).status).toBe(200);
    expect(script.cookie).toBeNull();
  });

  it("is not refused as cross-site: a foreign Origin cannot carry a token; a cookie with one still is", async () => {
    const { client, script } = await userWithToken({ companies: ["TSS"] });
    const foreign = { origin: "http://evil.example", "sec-fetch-site": "cross-site" };
    const json = leadInput({ companyDivision: "TSS" });
    const byToken = await script.request("POST", "/api/leads", { json, headers: foreign });
    expect(byToken.status).toBe(201);
    const byCookie = await client.request("POST", "/api/leads", { json, headers: foreign });
    expect(byCookie).toMatchObject({ status: 403, body: FORBIDDEN });
    // A token beside a session cookie gets no exemption.
    const both = await script.request("POST", "/api/leads", {
      json,
      headers: { ...foreign, cookie: client.cookie! },
    });
    expect(both).toMatchObject({ status: 403, body: FORBIDDEN });
  });

  it("has exactly the user's divisions and role", async () => {
    const { script } = await userWithToken({ companies: ["TSS"] });
    const nlhLead = await createLead(admin, { companyDivision: "NLH" });
    expect((await script.get("/api/leads/TSS?limit=1")).status).toBe(200);
    expect(await script.get("/api/leads/NLH")).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await script.get(`/api/leads/detail/${nlhLead.id}`)).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await script.get("/api/admin/users")).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await script.get("/api/admin/tokens")).status).toBe(403);
    expect((await script.post("/api/admin/users", {})).status).toBe(403);

    const { script: adminScript } = await userWithToken({ role: "ADMIN", companies: ["TSS", "NLH"] });
    expect((await adminScript.get("/api/admin/users?limit=1")).status).toBe(200);
    expect((await adminScript.get("/api/leads/NLH?limit=1")).status).toBe(200);
  });

  it("is refused (401) from the next request on once the token is revoked, even beside a valid cookie", async () => {
    const { client, created, script } = await userWithToken();
    expect((await script.get("/api/auth/user")).status).toBe(200);
    expect((await client.delete(`/api/tokens/${created.id}`)).status).toBe(200);
    expect(await script.get("/api/auth/user")).toMatchObject({ status: 401, body: UNAUTHORIZED });
    // A Bearer header decides on its own: a bad token is 401 whatever cookie comes with it.
    const withCookie = { cookie: client.cookie! };
    for (const authorization of [`Bearer ${created.token}`, "Bearer nonsense", "Bearer", "bearer  "]) {
      const result = await client.request("GET", "/api/auth/user", {
        headers: { ...withCookie, authorization },
      });
      expect(result, authorization).toMatchObject({ status: 401, body: UNAUTHORIZED });
    }
    // Another scheme is not a token: the cookie decides.
    const basic = await client.request("GET", "/api/auth/user", { headers: { authorization: "Basic eDp5" } });
    expect(basic.status).toBe(200);
    expect((await new TokenClient(`crm_${"A".repeat(43)}`).get("/api/auth/user")).status).toBe(401);
  });

  it("is refused (401) from the next request on once its user is deactivated, and stays revoked", async () => {
    const { user, created, script } = await userWithToken();
    expect((await script.get("/api/auth/user")).status).toBe(200);
    await deactivateUser(admin, user.id);
    expect(await script.get("/api/auth/user")).toMatchObject({ status: 401, body: UNAUTHORIZED });
    // Like the user's sessions, the token ends: reactivating the user does not bring it back.
    expect((await admin.patch(`/api/admin/users/${user.id}/status`, { isActive: true })).status).toBe(200);
    expect((await script.get("/api/auth/user")).status).toBe(401);
    const signedIn = await signIn(user.email, user.password);
    expect((await ownTokens(signedIn)).find((token) => token.id === created.id)?.status).toBe("REVOKED");
  });

  it("is revoked when an admin gives its user a new password: it was made with the old one", async () => {
    const { user, created, script } = await userWithToken();
    expect((await script.get("/api/auth/user")).status).toBe(200);
    const changed = await admin.patch(`/api/admin/users/${user.id}/password`, {
      newPassword: "a-new-password-1",
    });
    expect(changed.status).toBe(200);
    expect(await script.get("/api/auth/user")).toMatchObject({ status: 401, body: UNAUTHORIZED });
    const signedIn = await signIn(user.email, "a-new-password-1");
    expect((await ownTokens(signedIn)).find((token) => token.id === created.id)?.status).toBe("REVOKED");
  });

  it("loses admin rights from the next request on once its admin is demoted", async () => {
    const { user, script } = await userWithToken({ role: "ADMIN", companies: ["TSS", "NLH"] });
    expect((await script.get("/api/admin/users?limit=1")).status).toBe(200);
    expect((await admin.patch(`/api/admin/users/${user.id}/role`, { role: "SALES_USER" })).status).toBe(200);
    expect(await script.get("/api/admin/users?limit=1")).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await script.get("/api/leads/NLH?limit=1")).status).toBe(200);
  });

  it("loses a division from the next request on once its user does", async () => {
    const { user, script } = await userWithToken({ companies: ["TSS", "NLH"] });
    const nlhLead = await createLead(admin, { companyDivision: "NLH" });
    expect((await script.get(`/api/leads/detail/${nlhLead.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/users/${user.id}/company-access/NLH`)).status).toBe(200);
    expect((await script.get("/api/leads/NLH")).status).toBe(403);
    expect((await script.get(`/api/leads/detail/${nlhLead.id}`)).status).toBe(404);
    expect((await script.get("/api/leads/TSS?limit=1")).status).toBe(200);
  });

  it("opens no page: with only a token, /leads is the login screen", async () => {
    const { script } = await userWithToken();
    for (const path of ["/leads", "/settings", "/leads.data"]) {
      const page = await script.get<string>(path);
      expect(page.status, path).toBe(401);
    }
    const page = await script.get<string>("/leads");
    expect(page.body).toContain("Sign in");
    expect(page.body).not.toContain("Lead Management");
  });
});

describe("an admin", () => {
  it("lists every user's tokens with their user, and revokes another user's; others cannot (404)", async () => {
    const owner = await userWithToken({ firstName: "Owen", lastName: "Owner" });
    const list = await admin.get<(TokenRecord & { user: Record<string, string> })[]>("/api/admin/tokens");
    expect(list.status).toBe(200);
    expect(Number(list.headers.get("x-total-count"))).toBe(list.body.length);
    const listed = list.body.find((token) => token.id === owner.created.id);
    expect(Object.keys(listed!).sort()).toEqual([...RECORD_KEYS, "user"].sort());
    expect(listed!.user).toEqual({
      id: owner.user.id,
      firstName: "Owen",
      lastName: "Owner",
      email: owner.user.email,
    });
    expect(JSON.stringify(list.body)).not.toContain(owner.created.token);

    // Another sales user: as if it did not exist, and nothing changes.
    const other = await userWithToken();
    expect(await other.client.delete(`/api/tokens/${owner.created.id}`)).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await other.script.delete(`/api/tokens/${owner.created.id}`)).toMatchObject({ status: 404 });
    expect((await owner.script.get("/api/auth/user")).status).toBe(200);
    expect((await other.client.get("/api/admin/tokens")).status).toBe(403);

    const revoked = await admin.delete<TokenRecord>(`/api/tokens/${owner.created.id}`);
    expect(revoked).toMatchObject({ status: 200, body: { id: owner.created.id, status: "REVOKED" } });
    expect((await owner.script.get("/api/auth/user")).status).toBe(401);
    const [entry] = await auditEntries("TOKEN_REVOKED", owner.created.id);
    expect(entry.details).toContain(owner.user.email);
  });
});

describe.runIf(databaseUrl())("what the database holds", () => {
  it("the token's SHA-256 and first characters, never the token; the time it was last used", async () => {
    const { client, created, script } = await userWithToken();
    const read = async () => {
      const [row] = await testSql()`select * from api_tokens where id = ${created.id}`;
      return row;
    };
    const before = await read();
    expect(before.tokenHash).toBe(crypto.createHash("sha256").update(created.token).digest("hex"));
    expect(before.prefix).toBe(created.token.slice(0, 12));
    expect(JSON.stringify(before)).not.toContain(created.token);
    expect(before.lastUsedAt).toBeNull();

    const start = Date.now();
    expect((await script.get("/api/auth/user")).status).toBe(200);
    const after = await read();
    expect(Math.abs(after.lastUsedAt.getTime() - start)).toBeLessThan(10_000);
    const [listed] = await ownTokens(client);
    expect(listed.lastUsedAt).toBe(after.lastUsedAt.toISOString());
  });

  it("an expired token is refused (401) from the next request on, and listed as expired", async () => {
    const { client, created, script } = await userWithToken();
    expect((await script.get("/api/auth/user")).status).toBe(200);
    await testSql()`update api_tokens set expires_at = now() - interval '1 second' where id = ${created.id}`;
    expect(await script.get("/api/auth/user")).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect((await ownTokens(client))[0]).toMatchObject({
      id: created.id,
      status: "EXPIRED",
      revokedAt: null,
    });
  });
});

describe("the per-token rate limit", () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer(await freePort(), { env: { API_TOKEN_RATE_LIMIT: "5" } });
  });
  afterAll(() => app?.stop());

  it("answers 429 with Retry-After past the limit within a minute, for that token only", async () => {
    const session = await signInAdmin(app.baseUrl);
    const first = new TokenClient((await createToken(session, "First", 30, "admin")).token, app.baseUrl);
    const second = new TokenClient((await createToken(session, "Second", 30, "admin")).token, app.baseUrl);
    // Five at once are counted one by one: all pass, the sixth is refused.
    const burst = await Promise.all(Array.from({ length: 5 }, () => first.get("/api/auth/user")));
    expect(burst.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    const refused = await first.get("/api/auth/user");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: "Too many requests. Try again later." });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another token, and the session, are not held back.
    expect((await second.get("/api/auth/user")).status).toBe(200);
    expect((await session.get("/api/auth/user")).status).toBe(200);
    // A bad token is refused as such, not counted.
    expect((await new TokenClient("crm_nope", app.baseUrl).get("/api/auth/user")).status).toBe(401);
  });
});

describe("a token's scope", () => {
  it("read: every GET of the user's divisions, and no write anywhere (403, nothing stored)", async () => {
    const { user, script, client } = await userWithToken({ role: "ADMIN", companies: ["TSS"] }, "read");
    expect(script.cookie).toBeNull();
    const lead = await createLead(client, { companyDivision: "TSS" });
    expect((await script.get("/api/leads/TSS?limit=1")).status).toBe(200);
    expect((await script.get(`/api/leads/detail/${lead.id}`)).status).toBe(200);
    // Even its admin's user list is an admin's action, which a read token is not given.
    expect(await script.get("/api/admin/users")).toMatchObject({ status: 403, body: FORBIDDEN });
    const writes: [string, string, unknown][] = [
      ["POST", "/api/leads", leadInput({ companyDivision: "TSS" })],
      ["PATCH", `/api/leads/${lead.id}`, { company: "Changed Ltd" }],
      ["DELETE", `/api/leads/${lead.id}`, undefined],
      ["POST", "/api/contacts", { firstName: "A", lastName: "B", company: "C", companyDivision: "TSS" }],
      ["POST", "/api/notes", { leadId: lead.id, content: "A note" }],
      ["POST", "/api/admin/users", {}],
      ["PATCH", `/api/admin/users/${user.id}/role`, { role: "SALES_USER" }],
      ["DELETE", `/api/tokens/${crypto.randomUUID()}`, undefined],
      // Invalid input too: the scope is refused first (CONTRACT.md's order, 403 before 400).
      ["POST", "/api/leads", { companyDivision: "TSS" }],
    ];
    for (const [method, path, json] of writes) {
      const result = await script.request(method, path, json === undefined ? {} : { json });
      expect(result, `${method} ${path}`).toMatchObject({ status: 403, body: FORBIDDEN });
    }
    const detail = await client.get<{ company: string; isArchived: boolean; notes: unknown[] }>(
      `/api/leads/detail/${lead.id}`,
    );
    expect(detail.body).toMatchObject({ company: lead.company, isArchived: false, notes: [] });
    expect((await admin.get<{ role: string }>(`/api/admin/users`)).body).toContainEqual(
      expect.objectContaining({ id: user.id, role: "ADMIN" }),
    );
  });

  it("write: the records of the user's divisions, but no user administration even for an admin", async () => {
    const { user, script } = await userWithToken({ role: "ADMIN", companies: ["TSS"] }, "write");
    const lead = await createLead(script, { companyDivision: "TSS" });
    expect((await script.patch(`/api/leads/${lead.id}`, { company: "Renamed Ltd" })).status).toBe(200);
    for (const [method, path, json] of [
      ["GET", "/api/admin/users", undefined],
      ["GET", "/api/admin/tokens", undefined],
      ["POST", "/api/admin/users", { email: "x@test.example" }],
      ["PATCH", `/api/admin/users/${user.id}/role`, { role: "SALES_USER" }],
      ["PATCH", `/api/admin/users/${user.id}/password`, { newPassword: "another-password-1" }],
      ["PATCH", `/api/admin/users/${user.id}/status`, { isActive: false }],
    ] as const) {
      const result = await script.request(method, path, json === undefined ? {} : { json });
      expect(result, `${method} ${path}`).toMatchObject({ status: 403, body: FORBIDDEN });
    }
    // Nothing about the user changed.
    expect(
      (await admin.get<{ id: string; role: string; isActive: boolean }[]>("/api/admin/users")).body,
    ).toContainEqual(expect.objectContaining({ id: user.id, role: "ADMIN", isActive: true }));
  });

  it("admin: an admin's only; anyone else asking for it is refused (400) and gets no token", async () => {
    const { client } = await signedInUser(admin, { companies: ["TSS"] });
    const refused = await client.post<{ errors: Record<string, string[]> }>("/api/tokens", {
      name: "Sneaky",
      expiresInDays: 30,
      scope: "admin",
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { errors: { scope: ["Only an admin can make a token with the admin scope"] } },
    });
    expect(await ownTokens(client)).toEqual([]);
    expect((await client.post("/api/tokens", { name: "x", expiresInDays: 30, scope: "all" })).status).toBe(
      400,
    );
    const { script } = await userWithToken({ role: "ADMIN", companies: ["TSS"] }, "admin");
    expect((await script.get("/api/admin/users?limit=1")).status).toBe(200);
  });

  it("is shown in every list of tokens", async () => {
    const owner = await userWithToken({ companies: ["TSS"] }, "read");
    expect((await ownTokens(owner.client)).map((token) => token.scope)).toEqual(["read"]);
    const all = await admin.get<TokenRecord[]>("/api/admin/tokens");
    expect(all.body.find((token) => token.id === owner.created.id)?.scope).toBe("read");
  });
});

describe("a token minted while its user's password changes or they are deactivated", () => {
  it("never survives the change: 0 of 50 races leave a token that works", async () => {
    const survivors: string[] = [];
    for (let round = 0; round < 50; round++) {
      const { user, client } = await signedInUser(admin, { companies: ["TSS"] });
      const change =
        round % 2
          ? admin.patch(`/api/admin/users/${user.id}/password`, { newPassword: `new-password-${round}-x` })
          : admin.patch(`/api/admin/users/${user.id}/status`, { isActive: false });
      // Tokens are asked for on the session the change ends, spread over the time the change takes (its
      // password hashing first, then its transaction), so some land in the middle of it.
      const mint = async (delay: number) => {
        await sleep(delay);
        return client.post<TokenRecord & { token: string }>("/api/tokens", {
          name: "Race",
          expiresInDays: 7,
        });
      };
      const [changed, ...minted] = await Promise.all([
        change,
        ...[0, 15, 30, 45, 60, 80, 100, 130].map(mint),
      ]);
      expect(changed.status).toBe(200);
      for (const result of minted) {
        expect([201, 401]).toContain(result.status);
        if (result.status !== 201) continue;
        if ((await new TokenClient(result.body.token).get("/api/auth/user")).status === 200) {
          survivors.push(`${user.email} ${result.body.prefix}`);
        }
      }
    }
    expect(survivors).toEqual([]);
  });
});
