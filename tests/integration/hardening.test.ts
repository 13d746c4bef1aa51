// Inputs that once reached a 500, a redirect off the site or a race: each must get a clear 4xx.
import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import http from "node:http";
import { SIGN_IN_REFUSED, TOO_MANY_SIGN_INS } from "../support/answers";
import {
  ApiClient,
  type ApiResult,
  attemptSignIn,
  baseUrl,
  createUser,
  signInAdmin,
  signedInUser,
  uniqueAddress,
  uniqueEmail,
} from "../support/api-client";
import { createLead } from "../support/leads";
import { freePort } from "../support/tcp-proxy";
import { ADMIN, startTestServer } from "../support/test-server";

describe("sign-in limits under parallel guesses", () => {
  it("lets at most 10 of 20 simultaneous wrong passwords for one username be checked; the rest get 429", async () => {
    const username = uniqueEmail("parallel");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        attemptSignIn({ username, password: "wrong-password" }, uniqueAddress()),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it("does not store an overlong username at full length, and answers 401", async () => {
    const result = await attemptSignIn({
      username: "x".repeat(5000) + "@example.com",
      password: "whatever-1",
    });
    expect(result.status).toBe(401);
    expect(result.body).toEqual(SIGN_IN_REFUSED);
  });
});

describe("successful sign-ins", () => {
  it("are bounded too: past 30 within 15 minutes for one username, 429 with Retry-After (the default limit)", async () => {
    // An app of its own with the default limit (the suite's app allows its admin many more).
    const app = await startTestServer(await freePort(), { env: { SIGN_IN_SUCCESS_LIMIT: "" } });
    try {
      const signInOnce = () =>
        new ApiClient(null, app.baseUrl).post("/api/auth/login", {
          username: ADMIN.email,
          password: ADMIN.password,
        });
      for (let i = 0; i < 30; i++) expect((await signInOnce()).status).toBe(200);
      const refused = await signInOnce();
      expect(refused).toMatchObject({
        status: 429,
        body: TOO_MANY_SIGN_INS,
      });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await app.stop();
    }
  }, 60_000);
});

describe("methods a read-only route does not have", () => {
  it("answers 405 JSON, not Remix's error page", async () => {
    const admin = await signInAdmin();
    for (const path of ["/api/auth/user", "/api/leads/TSS/archived", "/api/leads/TSS/duplicates"]) {
      const result = await admin.request("POST", path, { json: {} });
      expect(result.status, path).toBe(405);
      expect(result.body).toEqual({ message: "Method not allowed" });
    }
  });
});

describe("company access", () => {
  it("refusing to remove the last division is 400 'Invalid input' with errors.company", async () => {
    const admin = await signInAdmin();
    const user = await createUser(admin, { companies: ["NLH"] });
    const result = await admin.delete(`/api/admin/users/${user.id}/company-access/NLH`);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      message: "Invalid input",
      errors: { company: ["At least one company must be selected"] },
    });
  });
});

/** The page a page action's redirect leads to, with the toast that redirect carried. */
async function pageAfter(client: ApiClient, redirect: ApiResult) {
  const toastCookie = redirect.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="));
  expect(toastCookie).toBeDefined();
  const page = await fetch(`${baseUrl()}${redirect.headers.get("location")}`, {
    headers: { cookie: `${client.cookie}; ${toastCookie!.split(";")[0]}` },
  });
  expect(page.status).toBe(200);
  return page.text();
}

/**
 * Sends `body` to `path` as `cookie`, holding back its second half until `meanwhile` has run: a client that
 * sends its headers, then waits.
 */
async function heldWrite(
  method: string,
  path: string,
  cookie: string,
  body: string,
  meanwhile: () => Promise<void>,
) {
  const bytes = Buffer.from(body);
  const url = new URL(path, baseUrl());
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        headers: { cookie, "content-type": "application/json", "content-length": bytes.byteLength },
      },
      (response) => {
        let text = "";
        response
          .on("data", (chunk) => (text += chunk))
          .on("end", () => resolve({ status: response.statusCode!, body: text }));
      },
    );
    request.on("error", reject);
    request.write(bytes.subarray(0, bytes.byteLength >> 1));
    // Long enough for the server to have read the headers and anything it does before the body.
    setTimeout(() => {
      meanwhile().then(() => request.end(bytes.subarray(bytes.byteLength >> 1)), reject);
    }, 300);
  });
  return answer;
}

describe("a write whose body is held back", () => {
  it("acts as its user stands once the body is in: an admin demoted meanwhile creates no user", async () => {
    const admin = await signInAdmin();
    const { user, client: demoted } = await signedInUser(admin, { role: "ADMIN" });
    const email = uniqueEmail("held");
    const result = await heldWrite(
      "POST",
      "/api/admin/users",
      demoted.cookie!,
      JSON.stringify({
        email,
        password: "password-123",
        firstName: "Held",
        lastName: "Back",
        role: "ADMIN",
        companies: ["TSS"],
      }),
      async () => {
        const demotion = await admin.request("PATCH", `/api/admin/users/${user.id}/role`, {
          json: { role: "SALES_USER" },
        });
        expect(demotion.status).toBe(200);
      },
    );
    expect(result.status).toBe(403);
    expect((await admin.get(`/api/admin/users?search=${email}`)).body).toEqual([]);
  });

  it("a session ended meanwhile (deactivated) is signed out for it: 401, and no lead", async () => {
    const admin = await signInAdmin();
    const { user, client } = await signedInUser(admin);
    const company = `Held ${crypto.randomUUID()}`;
    const result = await heldWrite(
      "POST",
      "/api/leads",
      client.cookie!,
      JSON.stringify({
        companyDivision: "TSS",
        firstName: "Held",
        lastName: "Back",
        email: uniqueEmail("lead"),
        company,
      }),
      async () => {
        const deactivation = await admin.request("PATCH", `/api/admin/users/${user.id}/status`, {
          json: { isActive: false },
        });
        expect(deactivation.status).toBe(200);
      },
    );
    expect(result.status).toBe(401);
    expect((await admin.get(`/api/leads/TSS?search=${encodeURIComponent(company)}`)).body).toEqual([]);
  });
});

describe("page routes with odd input", () => {
  it("a JSON body posted to a page action is 415, not 500", async () => {
    const { client } = await signedInUser(await signInAdmin());
    const result = await client.request("POST", "/leads", { json: { intent: "archive" } });
    expect(result.status).toBe(415);
  });

  it("a malformed lead id in a page form gives the failure toast, not a database error", async () => {
    const { client } = await signedInUser(await signInAdmin());
    const result = await client.postForm("/leads", { intent: "archive", leadId: "not-a-uuid" });
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/leads");
    expect(await pageAfter(client, result)).toContain("Failed to archive lead");
  });

  it("a bulk archive with a malformed id, or with none, archives nothing and says it failed", async () => {
    const { client } = await signedInUser(await signInAdmin());
    const lead = await createLead(client);
    for (const ids of [[lead.id, "not-a-uuid"], []]) {
      const body = new URLSearchParams({ intent: "bulk-archive" });
      for (const id of ids) body.append("ids", id);
      const result = await client.postForm("/leads", body);
      expect(result.status).toBe(302);
      expect(await pageAfter(client, result)).toContain("Failed to archive lead");
    }
    expect((await client.get(`/api/leads/detail/${lead.id}`)).body.isArchived).toBe(false);
  });

  it("a user status other than true or false is 400, and the user stays as they were", async () => {
    const admin = await signInAdmin();
    const { user } = await signedInUser(admin);
    for (const isActive of ["maybe", ""]) {
      const result = await admin.postForm("/admin", { intent: "set-status", userId: user.id, isActive });
      expect(result.status, isActive).toBe(400);
    }
    const missing = await admin.postForm("/admin", { intent: "set-status", userId: user.id });
    expect(missing.status).toBe(400);
    expect((await admin.get(`/api/admin/users?search=${user.email}`)).body[0].isActive).toBe(true);
  });

  it("a field note refused without JavaScript says so on the page it comes back to, the text kept", async () => {
    const { client } = await signedInUser(await signInAdmin());
    const result = await client.postForm("/mobile", {
      leadId: crypto.randomUUID(),
      content: "Kept after the refusal",
    });
    expect(result.status).toBe(404);
    // Shown in the page's markup, not only in the data a script would read.
    expect(result.body).toMatch(/<div id="mobile-form-error"[^>]*>Failed to save note<\/div>/);
    expect(result.body).toMatch(/<textarea[^>]*>Kept after the refusal<\/textarea>/);
  });

  it("Create Contact & Add Lead keeps the contact list's search and page", async () => {
    const { client } = await signedInUser(await signInAdmin());
    const result = await client.postForm("/contacts?q=harbour&page=2", {
      intent: "create-contact-and-lead",
      firstName: "Kept",
      lastName: "State",
      company: "Harbour State Ltd",
      companyDivision: "TSS",
    });
    expect(result.status).toBe(302);
    const next = new URL(result.headers.get("location")!, baseUrl());
    expect(next.pathname).toBe("/contacts");
    expect(next.searchParams.get("q")).toBe("harbour");
    expect(next.searchParams.get("page")).toBe("2");
    expect(next.searchParams.get("new")).toBe("lead");
    expect(next.searchParams.get("contact")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a contact refused on create shows the server's message (SPEC.md section 8), and nothing is saved", async () => {
    const admin = await signInAdmin();
    const { client } = await signedInUser(admin, { companies: ["TSS"] });
    const company = `Refused ${crypto.randomUUID()}`;
    const result = await client.postForm("/contacts?new=contact", {
      intent: "create-contact",
      firstName: "Out",
      lastName: "Of Reach",
      company,
      companyDivision: "NLH",
    });
    expect(result.status).toBe(403);
    // Without JavaScript, above the form the dialog shows again; with it, in the toast as well (contacts.spec.ts).
    expect(result.body).toMatch(/<div id="add-contact-error" role="alert"[^>]*>Forbidden<\/div>/);
    expect(result.body).not.toContain("Failed to create contact");
    expect((await admin.get(`/api/contacts/NLH?search=${encodeURIComponent(company)}`)).body).toEqual([]);
  });

  it("an absurd page number still renders the list", async () => {
    const { client } = await signedInUser(await signInAdmin());
    expect((await client.get("/leads?page=1e20")).status).toBe(200);
    expect((await client.get("/leads?page=99999999999")).status).toBe(200);
  });

  it("never redirects off the site after signing in", async () => {
    const admin = await signInAdmin();
    const user = await createUser(admin);
    for (const redirectTo of [
      "/\t/evil.example",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
    ]) {
      const result = await new ApiClient().postForm(
        "/login",
        { username: user.email, password: user.password, redirectTo },
        { "x-forwarded-for": uniqueAddress() },
      );
      expect(result.status, JSON.stringify(redirectTo)).toBe(302);
      expect(result.headers.get("location")).toBe("/");
    }
  });
});

describe("lead updates: input is checked before the version", () => {
  it("a stale save with an invalid assignee is 400 (input), not 409 (conflict)", async () => {
    const admin = await signInAdmin();
    const { client } = await signedInUser(admin);
    const lead = await createLead(client);
    await client.patch(`/api/leads/${lead.id}`, { status: "CONTACTED", version: lead.version });
    const result = await client.patch(`/api/leads/${lead.id}`, {
      assignedToId: crypto.randomUUID(),
      version: lead.version,
    });
    expect(result.status).toBe(400);
    expect(Object.keys(result.body.errors)).toEqual(["assignedToId"]);
  });
});

describe("signing in keeps working for a user after a refused parallel burst on another name", () => {
  it("an unrelated user still signs in from the same address once the burst has been refused", async () => {
    const admin = await signInAdmin();
    const user = await createUser(admin);
    const address = uniqueAddress();
    const burst = await Promise.all(
      Array.from({ length: 15 }, () =>
        attemptSignIn({ username: uniqueEmail("burst-target"), password: "wrong" }, address),
      ),
    );
    // Each name in the burst is new, so the address limit (100) is what could have been reached; it is not.
    expect(burst.every((result) => result.status === 401)).toBe(true);
    const target = uniqueEmail("burst-name");
    const sameName = await Promise.all(
      Array.from({ length: 15 }, () => attemptSignIn({ username: target, password: "wrong" }, address)),
    );
    expect(sameName.filter((result) => result.status === 429).length).toBeGreaterThanOrEqual(5);
    // The refused name's lock does not hold up anyone else at this address.
    const result = await attemptSignIn({ username: user.email, password: user.password }, address);
    expect(result.status).toBe(200);
    expect(result.body.email).toBe(user.email);
  });
});

describe("page form bodies", () => {
  it("a chunked body of unknown length is refused (411) before anything reads it", async () => {
    const { client } = await signedInUser(await signInAdmin());
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("intent=archive&leadId="));
        controller.close();
      },
    });
    const response = await fetch(`${baseUrl()}/leads`, {
      method: "POST",
      headers: { cookie: client.cookie!, "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(411);
    expect(await response.json()).toEqual({ message: "Length required" });
  });
});
