// CONTRACT.md "JSON API conventions": content types, malformed and oversized bodies, the order of checks,
// cross-site request forgery, security headers, no leaked internals; and /healthz.
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN, UNAUTHORIZED } from "../support/answers";
import {
  ApiClient,
  baseUrl,
  createUser,
  missingId,
  newUserInput,
  signInAdmin,
  signedInUser,
  uniqueAddress,
  type ApiResult,
} from "../support/api-client";

const MiB = 1024 * 1024;
const INVALID_JSON = { message: "Invalid JSON" };
const TOO_LARGE = { message: "Payload too large" };
const UNSUPPORTED = { message: "Unsupported media type" };

let admin: ApiClient;
beforeAll(async () => {
  admin = await signInAdmin();
});

async function userExists(email: string) {
  const list = await admin.get<{ email: string }[]>("/api/admin/users");
  expect(list.status).toBe(200);
  return list.body.some((user) => user.email === email);
}

/** A JSON text of exactly `size` bytes: {"firstName":"xxx..."} */
function jsonOfSize(size: number) {
  const shell = '{"firstName":""}';
  return `{"firstName":"${"x".repeat(size - shell.length)}"}`;
}

function send(client: ApiClient, method: string, path: string, body: string, contentType: string) {
  return client.request(method, path, { body, headers: { "content-type": contentType } });
}

describe("request bodies on JSON endpoints", () => {
  it.each([
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "text/json",
  ])("answers 415 Unsupported media type for %s", async (contentType) => {
    const input = newUserInput();
    const result = await send(admin, "POST", "/api/admin/users", JSON.stringify(input), contentType);
    expect(result.status).toBe(415);
    expect(result.body).toEqual(UNSUPPORTED);
    expect(await userExists(input.email)).toBe(false);
  });

  it("answers 415 on the sign-in endpoint and the user endpoints alike", async () => {
    const user = await createUser(admin);
    const body = JSON.stringify({ username: user.email, password: user.password });
    const login = await new ApiClient().postForm(
      "/api/auth/login",
      { username: user.email, password: user.password },
      { "x-forwarded-for": uniqueAddress() },
    );
    expect(login.status).toBe(415);
    expect(login.body).toEqual(UNSUPPORTED);
    expect(login.headers.getSetCookie()).toEqual([]);

    const role = await send(admin, "PATCH", `/api/admin/users/${user.id}/role`, body, "text/plain");
    expect(role.status).toBe(415);
    expect(role.body).toEqual(UNSUPPORTED);
  });

  it("accepts application/json with a charset", async () => {
    const input = newUserInput();
    const result = await send(
      admin,
      "POST",
      "/api/admin/users",
      JSON.stringify(input),
      "application/json; charset=utf-8",
    );
    expect(result.status).toBe(201);
  });

  it.each(["{not json", '{"email": "a@b.example",}', "", "undefined", "{'single': 'quotes'}"])(
    "answers 400 Invalid JSON for the body %j",
    async (body) => {
      const result = await send(admin, "POST", "/api/admin/users", body, "application/json");
      expect(result.status).toBe(400);
      expect(result.body).toEqual(INVALID_JSON);
    },
  );

  it("answers 400 Invalid JSON on the sign-in endpoint", async () => {
    const result = await new ApiClient().request("POST", "/api/auth/login", {
      body: '{"username": ',
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueAddress() },
    });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(INVALID_JSON);
  });

  it("answers 413 Payload too large for a body over 1 MiB, and reads one of exactly 1 MiB", async () => {
    const over = await send(admin, "POST", "/api/admin/users", jsonOfSize(MiB + 1), "application/json");
    expect(over.status).toBe(413);
    expect(over.body).toEqual(TOO_LARGE);

    const exact = await send(admin, "POST", "/api/admin/users", jsonOfSize(MiB), "application/json");
    expect(exact.status).toBe(400);
    expect(exact.body.message).toBe("Invalid input");
  });

  it("answers 413 for an oversized body sent without Content-Length (chunked)", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"firstName":"'));
        if (sent > 2 * MiB) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(baseUrl() + "/api/admin/users", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: admin.cookie! },
      body: stream,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(TOO_LARGE);
  });

  it("answers 413 on the sign-in endpoint too", async () => {
    const result = await new ApiClient().request("POST", "/api/auth/login", {
      body: jsonOfSize(MiB + 1),
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueAddress() },
    });
    expect(result.status).toBe(413);
    expect(result.body).toEqual(TOO_LARGE);
  });
});

describe("the order of checks", () => {
  const anonymous = () => new ApiClient();

  it.each([
    ["malformed JSON", "{not json", "application/json"],
    ["another content type", JSON.stringify({ email: "x@y.example" }), "text/plain"],
    ["an oversized body", jsonOfSize(MiB + 1), "application/json"],
    ["invalid input", "{}", "application/json"],
  ])("answers 401 (not 400/413/415) to a signed-out client sending %s", async (_case, body, contentType) => {
    for (const [method, path] of [
      ["POST", "/api/admin/users"],
      ["PATCH", `/api/admin/users/${missingId()}/role`],
      ["PATCH", `/api/admin/users/not-a-uuid/status`],
    ]) {
      const result = await send(anonymous(), method, path, body, contentType);
      expect(result.status, `${method} ${path}`).toBe(401);
      expect(result.body).toEqual(UNAUTHORIZED);
    }
  });

  it("answers 401 to a session that has ended, whatever the body", async () => {
    const { user, client } = await signedInUser(admin);
    expect((await admin.patch(`/api/admin/users/${user.id}/status`, { isActive: false })).status).toBe(200);
    const result = await send(client, "POST", "/api/admin/users", "{not json", "application/json");
    expect(result.status).toBe(401);
    expect(result.body).toEqual(UNAUTHORIZED);
  });

  it("checks a well-formed request (400/415) before the role (403)", async () => {
    const { client } = await signedInUser(admin);
    const badJson = await send(client, "POST", "/api/admin/users", "{not json", "application/json");
    expect(badJson.status).toBe(400);
    expect(badJson.body).toEqual(INVALID_JSON);
    const badType = await send(client, "POST", "/api/admin/users", "{}", "text/plain");
    expect(badType.status).toBe(415);
    expect(badType.body).toEqual(UNSUPPORTED);
    const valid = await client.post("/api/admin/users", newUserInput());
    expect(valid.status).toBe(403);
    expect(valid.body).toEqual(FORBIDDEN);
  });

  it("checks the record (404) before the input (400), and the input before a conflict (409)", async () => {
    const unknown = await admin.patch(`/api/admin/users/${missingId()}/status`, { isActive: "yes" });
    expect(unknown.status).toBe(404);
    const user = await createUser(admin);
    const invalid = await admin.post(`/api/admin/users/${user.id}/password`, { password: "short" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe("Invalid input");
    const conflict = await admin.post(`/api/admin/users/${user.id}/password`, { password: "long-enough-1" });
    expect(conflict.status).toBe(409);
  });
});

describe("cross-site request forgery", () => {
  it.each([
    ["Origin: http://evil.example", { origin: "http://evil.example" }],
    ["Origin: null", { origin: "null" }],
    ["an Origin on another port", { origin: "http://127.0.0.1:1" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ])("refuses an unsafe request with %s (403) and does nothing", async (_case, headers) => {
    const input = newUserInput();
    const create = await admin.request("POST", "/api/admin/users", { json: input, headers });
    expect(create.status).toBe(403);
    expect(create.body).toEqual(FORBIDDEN);
    expect(await userExists(input.email)).toBe(false);

    const user = await createUser(admin, { companies: ["TSS", "NLH"] });
    const status = await admin.request("PATCH", `/api/admin/users/${user.id}/status`, {
      json: { isActive: false },
      headers,
    });
    expect(status.status).toBe(403);
    expect(status.body).toEqual(FORBIDDEN);
    const revoke = await admin.request("DELETE", `/api/admin/users/${user.id}/company-access/TSS`, {
      headers,
    });
    expect(revoke.status).toBe(403);
    expect(revoke.body).toEqual(FORBIDDEN);
    const after = (await admin.get("/api/admin/users")).body.find((u: { id: string }) => u.id === user.id);
    expect(after.isActive).toBe(true);
    expect(after.companyAccess).toHaveLength(2);
  });

  it("refuses a cross-site sign-in and a cross-site logout", async () => {
    const { user, client } = await signedInUser(admin);
    const login = await new ApiClient().request("POST", "/api/auth/login", {
      json: { username: user.email, password: user.password },
      headers: { origin: "http://evil.example" },
    });
    expect(login.status).toBe(403);
    expect(login.body).toEqual(FORBIDDEN);
    expect(login.headers.getSetCookie()).toEqual([]);

    const logout = await client.request("POST", "/api/logout", {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(logout.status).toBe(403);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  it("allows the app's own origin, same-origin requests and scripts that send neither header", async () => {
    const own = new URL(baseUrl()).origin;
    const variants: Record<string, string>[] = [
      { origin: own },
      { "sec-fetch-site": "same-origin" },
      { origin: own, "sec-fetch-site": "same-origin" },
      {},
    ];
    for (const headers of variants) {
      const input = newUserInput();
      const result = await admin.request("POST", "/api/admin/users", { json: input, headers });
      expect(result.status, JSON.stringify(headers)).toBe(201);
    }
  });

  it("lets safe methods through from anywhere (they change nothing)", async () => {
    const result = await admin.request("GET", "/api/auth/user", {
      headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(result.status).toBe(200);
  });
});

describe("security headers", () => {
  function expectSecurityHeaders(result: ApiResult) {
    const csp = result.headers.get("content-security-policy");
    expect(csp).not.toBeNull();
    expect(csp).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=_-]{16,}'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    expect(result.headers.get("x-content-type-options")).toBe("nosniff");
    expect(result.headers.get("referrer-policy")).toMatch(
      /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
    );
    return csp!.match(/'nonce-([^']+)'/)![1];
  }

  it("are on every page, with a fresh nonce that the page's scripts carry", async () => {
    const first = await new ApiClient().get("/");
    const second = await new ApiClient().get("/");
    const firstNonce = expectSecurityHeaders(first);
    const secondNonce = expectSecurityHeaders(second);
    expect(firstNonce).not.toBe(secondNonce);
    expect(first.headers.get("content-type")).toMatch(/^text\/html/);
    const scripts = [...String(first.body).matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${firstNonce}"`);

    const { client } = await signedInUser(admin);
    for (const path of ["/", "/leads", "/no-such-page"]) expectSecurityHeaders(await client.get(path));
  });

  it("never repeat a nonce, over more answers than one draw of random bytes serves (256)", async () => {
    const nonces = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => new ApiClient().get("/healthz")));
      for (const answer of answers) nonces.add(expectSecurityHeaders(answer));
    }
    expect(nonces.size).toBe(300);
  });

  it("are on API answers, successful or not, and on /healthz", async () => {
    const { client } = await signedInUser(admin);
    expectSecurityHeaders(await client.get("/api/auth/user"));
    expectSecurityHeaders(await new ApiClient().get("/api/auth/user"));
    expectSecurityHeaders(await client.get("/api/whatever"));
    expectSecurityHeaders(await client.post("/api/admin/users", {}));
    expectSecurityHeaders(await new ApiClient().get("/healthz"));
  });
});

describe("errors reveal nothing", () => {
  const STACK = /\n\s+at |node_modules|\.tsx?:\d+|\.js:\d+:\d+|TypeError|ReferenceError|SyntaxError/;

  function expectCleanClientError(result: ApiResult, what: string) {
    expect(result.status, what).toBeGreaterThanOrEqual(400);
    expect(result.status, what).toBeLessThan(500);
    const text = typeof result.body === "string" ? result.body : JSON.stringify(result.body);
    expect(text, what).not.toMatch(STACK);
    if (typeof result.body !== "string") {
      expect(typeof result.body.message, what).toBe("string");
      expect(
        Object.keys(result.body).every((key) => key === "message" || key === "errors"),
        what,
      ).toBe(true);
    }
  }

  it("answers odd input with a clean 4xx, never a 500 or a stack trace", async () => {
    const target = await createUser(admin);
    // A new user's fields with an e-mail too long; without its role, which PATCH .../role would take as valid.
    const { role: _role, ...tooLongEmail } = newUserInput({ email: `${"a".repeat(300)}@test.example` });
    const odd = [
      "[]",
      "null",
      '"text"',
      "123",
      "true",
      '{"email": {}, "firstName": [], "lastName": 5, "password": 12345678, "role": 1, "companies": "TSS"}',
      '{"companies": [null, {}, 1]}',
      `{"firstName": "${"a".repeat(5000)}"}`,
      '{"__proto__": {"role": "ADMIN"}, "constructor": {"prototype": {}}}',
      '{"email": "\\u0000@x.example"}',
      JSON.stringify(tooLongEmail),
      "[".repeat(5000) + "]".repeat(5000),
    ];
    const targets: [string, string][] = [
      ["POST", "/api/admin/users"],
      ["PATCH", `/api/admin/users/${target.id}/role`],
      ["POST", `/api/admin/users/${target.id}/company-access`],
      ["POST", `/api/admin/users/${target.id}/password`],
      ["PATCH", `/api/admin/users/${target.id}/password`],
      ["PATCH", `/api/admin/users/${target.id}/status`],
    ];
    for (const [method, path] of targets) {
      for (const body of odd) {
        const result = await send(admin, method, path, body, "application/json");
        expectCleanClientError(result, `${method} ${path} ${body.slice(0, 60)}`);
      }
    }
    const after = (await admin.get("/api/admin/users")).body.find((u: { id: string }) => u.id === target.id);
    expect(after).toMatchObject({ role: "SALES_USER", isActive: true, companyAccess: [{ company: "TSS" }] });
  });

  it("answers odd sign-in bodies with a clean 4xx", async () => {
    for (const body of [
      "[]",
      "null",
      '"text"',
      '{"username": 5, "password": {}}',
      '{"username": ["a@b.example"], "password": true}',
      `{"username": "${"a".repeat(10000)}@x.example", "password": "x"}`,
    ]) {
      const result = await new ApiClient().request("POST", "/api/auth/login", {
        body,
        headers: { "content-type": "application/json", "x-forwarded-for": uniqueAddress() },
      });
      expectCleanClientError(result, body.slice(0, 60));
    }
  });

  it("answers odd paths with a clean 4xx", async () => {
    for (const path of [
      "/api/admin/users/%E0%A4%A/role",
      "/api/admin/users/%00/status",
      `/api/admin/users/${missingId()}/company-access/%ZZ`,
      "/api/admin/users/%2e%2e/role",
      `/api/admin/users/${"9".repeat(5000)}/role`,
    ]) {
      const result = await admin.request("PATCH", path, { json: { role: "ADMIN" } });
      expectCleanClientError(result, path);
    }
    const page = await admin.get("/no-such-page/%E0%A4%A");
    expect(page.status).toBeLessThan(500);
    expect(typeof page.body === "string" ? page.body : JSON.stringify(page.body)).not.toMatch(STACK);
  });
});

describe("query strings", () => {
  it("take a parameter left blank as not given, as CONTRACT.md writes them (?search=&action=&limit=&offset=)", async () => {
    const cases: [blank: string, given: string][] = [
      ["/api/admin/audit-log?search=&action=&limit=1&offset=", "/api/admin/audit-log?limit=1"],
      [
        "/api/leads/TSS?limit=1&offset=&search=%20&status=&sort=&dir=&myLeadsOnly=&cursor=",
        "/api/leads/TSS?limit=1",
      ],
      ["/api/admin/users?search=&limit=1&offset=", "/api/admin/users?limit=1"],
      ["/api/contacts/TSS?search=&limit=1&offset=", "/api/contacts/TSS?limit=1"],
      ["/api/follow-ups/TSS?from=&to=2000-01-01", "/api/follow-ups/TSS?to=2000-01-01"],
    ];
    for (const [blank, given] of cases) {
      const [withBlanks, without] = [await admin.get(blank), await admin.get(given)];
      expect(withBlanks.status, blank).toBe(200);
      expect(withBlanks.body, blank).toEqual(without.body);
    }
    // A whole list without `limit`: `limit=` is not 'at least 1'.
    const whole = await admin.get(`/api/leads/TSS?limit=&search=${missingId()}`);
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual([]);
    // A value that is there is still checked.
    expect((await admin.get("/api/leads/TSS?limit=0")).status).toBe(400);
  });
});

describe("GET /healthz", () => {
  it("answers 200 {status: ok} without a session, also for a signed-in client", async () => {
    const anonymous = await new ApiClient().get("/healthz");
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ status: "ok" });
    expect(anonymous.headers.get("content-type")).toMatch(/^application\/json/);
    const signedIn = await admin.get("/healthz");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ status: "ok" });
  });
});
