// The OpenAPI document (/api/openapi.json) and its reference page (/api/docs): a valid OpenAPI 3.1 document
// made of the operations the route modules declare (docs/decisions/007-openapi.md), that covers every /api
// route file and method, documents as each request body the schema its route parses, and whose answer
// schemas match what the API really sends, for reads and writes alike.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { ApiClient, createUser, sessionSetCookie, signedInUser, type ApiResult } from "../support/api-client";
import { contactInput, createContact } from "../support/contacts";
import { databaseUrl, testSql } from "../support/database";
import { adminClient, createLead, createNote, leadInput, uniqueToken } from "../support/leads";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

let doc: Json;
let docResult: ApiResult;
beforeAll(async () => {
  // Signed out: the document is public. Its status is a test of its own: a route without its declaration
  // fails the document (500), and the declarations' tests below still say which.
  docResult = await new ApiClient().get("/api/openapi.json");
  doc = docResult.body;
});

/** The route modules of the real build, as the server serves them (declarations and all). */
let build: ServerBuild;
beforeAll(async () => {
  build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
});

/** An operation as a route module declares it (app/api/operation.ts), in the part this test reads. */
type Declared = { method: string; id: string; body?: unknown };
type Declaration = { operations: Declared[]; loader: unknown; action: unknown };

/** The route module a file becomes in the build, with its declaration. */
function routeModuleOf(file: string) {
  const route = build.routes[`routes/${file.replace(/\.tsx$/, "")}`];
  return route?.module as { api?: Declaration; loader?: unknown; action?: unknown } | undefined;
}

/** The route files of the API: app/routes/api.*.tsx, less the JSON 404 catch-all. */
function apiRouteFiles() {
  return fs
    .readdirSync(path.resolve("app/routes"))
    .filter((file) => /^api\..+\.tsx$/.test(file) && file !== "api.$.tsx" && !file.includes(".test."));
}

/** Remix flat routes: dots separate segments, `$name` is a parameter, `[.]` a literal dot. */
function pathOfRouteFile(file: string) {
  const segments = file
    .replace(/\.tsx$/, "")
    .replace(/\[\.\]/g, "\0")
    .split(".")
    .map((segment) => segment.replace(/\0/g, "."))
    .map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment));
  const routePath = "/" + segments.join("/");
  // Any other convention (pathless `_` segments, optional segments, other escapes) needs handling here first.
  expect(routePath, `${file} uses a flat-route convention this test cannot read`).toMatch(/^(\/[\w{}.-]+)+$/);
  expect(routePath, `${file} uses a flat-route convention this test cannot read`).not.toMatch(
    /(^|\/)_|_(\/|$)/,
  );
  return routePath;
}

/**
 * The methods a route serves, asked of the running app: every method that is not answered 405. Asked
 * signed out, so nothing changes (each route checks the method, or the session, before anything else); any
 * value reaches the route, since the session is checked before the parameters.
 */
async function servedMethods(routePath: string) {
  const url = routePath.replace(/\{\w+\}/g, "TSS");
  const served: string[] = [];
  let allow: string[] | undefined;
  for (const method of METHODS) {
    const result = await new ApiClient().request(method, url);
    if (result.status !== 405) served.push(method);
    else if (result.headers.get("allow")) allow = result.headers.get("allow")!.split(/,\s*/);
  }
  return { served, allow };
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document, public and cacheable", async () => {
    expect(docResult.status, JSON.stringify(doc)).toBe(200);
    expect(docResult.headers.get("content-type")).toMatch(/^application\/json/);
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(docResult.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("describes every route file's path and every method it serves, and nothing else", async () => {
    const problems: string[] = [];
    const routePaths = new Set<string>();
    for (const file of apiRouteFiles()) {
      const routePath = pathOfRouteFile(file);
      routePaths.add(routePath);
      const item: Json | undefined = doc.paths[routePath];
      if (!item) {
        problems.push(`${file}: the document has no path ${routePath}`);
        continue;
      }
      const { served, allow } = await servedMethods(routePath);
      // The probe and the route's own Allow header must agree, or one of them is wrong.
      if (allow) expect([...served].sort(), `${file}: served methods and Allow`).toEqual([...allow].sort());
      for (const method of served) {
        if (!item[method.toLowerCase()])
          problems.push(`${file}: ${method} ${routePath} is served but not documented`);
      }
      for (const method of Object.keys(item)) {
        if (!served.includes(method.toUpperCase()))
          problems.push(`${file}: ${method.toUpperCase()} ${routePath} is documented but answers 405`);
      }
    }
    for (const documented of Object.keys(doc.paths)) {
      if (!routePaths.has(documented))
        problems.push(`${documented} is documented but no route file serves it`);
    }
    expect(problems).toEqual([]);
  });

  it("names the session cookie the app really sets, and the bearer scheme", async () => {
    const { user } = await signedInUser(await adminClient());
    const client = new ApiClient();
    const result = await client.post("/api/auth/login", { username: user.email, password: user.password });
    expect(result.status).toBe(200);
    const cookieName = sessionSetCookie(result.headers)?.split("=")[0];
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: cookieName,
    });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const created = await client.post("/api/tokens", { name: "OpenAPI test", expiresInDays: 7 });
    expect(created.status).toBe(201);
    const bearer = await new ApiClient().request("GET", "/api/auth/user", {
      headers: { authorization: `Bearer ${created.body.token}` },
    });
    expect(bearer.status).toBe(200);
    expect(bearer.body.id).toBe(user.id);
    expect(doc.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
  });

  it("names the token scope each signed-in operation needs, and the scope really is what it takes", async () => {
    const operations = Object.entries(doc.paths as Json).flatMap(([path, methods]) =>
      Object.entries(methods as Json).map(([method, op]) => ({ path, method, op: op as Json })),
    );
    const scopeOf = (op: Json) =>
      (op.security as Json[] | undefined)?.find((requirement) => "bearerAuth" in requirement)?.bearerAuth;
    expect(scopeOf(doc.paths["/api/leads/{key}"].get)).toEqual(["read"]);
    expect(scopeOf(doc.paths["/api/leads"].post)).toEqual(["write"]);
    expect(scopeOf(doc.paths["/api/admin/users"].get)).toEqual(["admin"]);
    expect(scopeOf(doc.paths["/api/admin/users/{userId}/role"].patch)).toEqual(["admin"]);
    // Making a token takes a person signed in: no token may.
    expect(doc.paths["/api/tokens"].post.security).toEqual([{ cookieAuth: [] }]);
    for (const { path, method, op } of operations) {
      const scope = scopeOf(op);
      if (!scope) continue;
      expect(scope, `${method} ${path}`).toEqual([
        path.startsWith("/api/admin/") ? "admin" : method === "get" ? "read" : "write",
      ]);
    }
    // A read token really may read and not write (tests/integration/api-tokens.test.ts has the rest).
    const { client } = await signedInUser(await adminClient());
    const read = await client.post("/api/tokens", { name: "Read", expiresInDays: 7, scope: "read" });
    const reader = (method: string, path: string, json?: unknown) =>
      new ApiClient().request(method, path, {
        json,
        headers: { authorization: `Bearer ${read.body.token}` },
      });
    expect((await reader("GET", "/api/leads/TSS?limit=1")).status).toBe(200);
    expect((await reader("POST", "/api/leads", {})).status).toBe(403);
  });

  it("takes an Idempotency-Key on every write a signed-in user makes, and says what its retries get", async () => {
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: "Idempotency-Key", in: "header" });
    const writes = Object.entries(doc.paths as Json).flatMap(([path, methods]) =>
      Object.entries(methods as Json)
        .filter(([method, op]) => method !== "get" && (op as Json).security?.length !== 0)
        .map(([method, op]) => ({ path, method, op: op as Json })),
    );
    const missing = writes
      .filter(({ path }) => !["/api/auth/login", "/api/logout"].includes(path))
      .filter(
        ({ op }) =>
          !(op.parameters ?? []).some((p: Json) => p.$ref === "#/components/parameters/IdempotencyKey"),
      )
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
    expect(doc.paths["/api/leads"].post.responses).toHaveProperty("422");
    expect(doc.paths["/api/leads"].post.responses["409"].headers).toHaveProperty("Retry-After");
  });
});

describe("the route modules' declarations", () => {
  it("every app/routes/api.* file exports its operations as `api`, and serves them", () => {
    for (const file of apiRouteFiles()) {
      const module = routeModuleOf(file);
      expect(module, `${file} is a route of the build`).toBeDefined();
      expect(module!.api?.operations.length, `${file} exports api = defineApi([...])`).toBeGreaterThan(0);
      expect(module!.loader, `${file}: export const { loader, action } = api`).toBe(module!.api!.loader);
      expect(module!.action, `${file}: export const { loader, action } = api`).toBe(module!.api!.action);
    }
  });

  it("make the document: it lists exactly the declared operations", () => {
    const declared: Record<string, Record<string, string>> = {};
    for (const file of apiRouteFiles()) {
      const operations = routeModuleOf(file)?.api?.operations ?? [];
      declared[pathOfRouteFile(file)] = Object.fromEntries(
        operations.map((op) => [op.method.toLowerCase(), op.id]),
      );
    }
    const documented = Object.fromEntries(
      Object.entries(doc.paths as Record<string, Json>).map(([documentedPath, item]) => [
        documentedPath,
        Object.fromEntries(Object.entries(item).map(([method, op]) => [method, (op as Json).operationId])),
      ]),
    );
    expect(documented).toEqual(declared);
  });

  it("document as each JSON request body the schema the route parses it with", () => {
    const checked: string[] = [];
    for (const file of apiRouteFiles()) {
      const documentedPath = pathOfRouteFile(file);
      for (const op of routeModuleOf(file)?.api?.operations ?? []) {
        if (!(op.body instanceof z.ZodType)) continue;
        const requestBody = doc.paths[documentedPath][op.method.toLowerCase()].requestBody;
        expect(requestBody.content["application/json"].schema, `${op.method} ${documentedPath}`).toEqual(
          clientSide(op.body),
        );
        checked.push(`${op.method} ${documentedPath}`);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        "POST /api/auth/login",
        "POST /api/leads",
        "PATCH /api/leads/{key}",
        "POST /api/notes",
        "POST /api/admin/users",
        "PATCH /api/admin/users/{userId}/role",
      ]),
    );
  });
});

/**
 * What a client sends, as zod says it (JSON Schema 2020-12 of the schema's input side), less the pattern
 * every text field has against a NUL character, which the document says once in its description.
 */
function clientSide(schema: z.ZodType) {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    override: ({ jsonSchema }) => {
      if (jsonSchema.pattern === "^[^\\u0000]*$") delete jsonSchema.pattern;
    },
  });
  return json;
}

describe("the documented answers", () => {
  /** An operation's success: its 2xx status and the schema of its JSON answer, if it has one. */
  function successOf(op: Json): { status: number; schema?: Json } | undefined {
    const [status, answer] =
      Object.entries(op.responses as Record<string, Json>).find(([code]) => code.startsWith("2")) ?? [];
    return status
      ? { status: Number(status), schema: answer?.content?.["application/json"]?.schema }
      : undefined;
  }

  /** A validator for the document's schemas: `#/components/...` resolves against the document itself. */
  function validatorFor(schema: Json) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    return ajv.compile({ ...schema, components: doc.components });
  }

  it("match what each GET answers a signed-in admin, 200 JSON", async () => {
    // An admin of both divisions with records of its own, so that every list has something to check.
    const token = uniqueToken("oas");
    const { user, client } = await signedInUser(await adminClient(), {
      role: "ADMIN",
      companies: ["TSS", "NLH"],
      lastName: `Admin ${token}`,
    });
    const lead = await createLead(client, {
      company: `Acme ${token}`,
      estimatedValue: 1250.5,
      phone: "01632 960001",
      assignedToId: user.id,
    });
    const archived = await createLead(client, { company: `Old ${token}` });
    expect((await client.delete(`/api/leads/${archived.id}`)).status).toBe(200);
    await createNote(client, lead.id, { content: `Call ${token}`, followUpDate: new Date().toISOString() });
    await createNote(client, lead.id, { content: `Voice ${token}`, noteType: "VOICE", voiceDuration: 12 });
    const logged = { kind: "CALL", outcome: "CONNECTED", notes: `Called ${token}` };
    expect((await client.post(`/api/leads/${lead.id}/activities`, logged)).status).toBe(201);
    const contact = await createContact(client, { company: `Acme ${token}` });
    expect((await client.post("/api/tokens", { name: `Script ${token}`, expiresInDays: 30 })).status).toBe(
      201,
    );
    const view = { name: `View ${token}`, query: "status=NEW", shared: false };
    expect((await client.post("/api/views/TSS", view)).status).toBe(201);

    // Paths whose parameters name a record; division parameters are TSS.
    const samples: Record<string, string> = {
      "/api/leads/detail/{id}": `/api/leads/detail/${lead.id}`,
      "/api/leads/{id}/timeline": `/api/leads/${lead.id}/timeline`,
      "/api/contacts/{id}/leads": `/api/contacts/${contact.id}/leads`,
      "/api/leads/{key}/duplicates": `/api/leads/TSS/duplicates?email=${encodeURIComponent(lead.email)}`,
    };

    const checked: string[] = [];
    for (const [documentedPath, item] of Object.entries(doc.paths as Record<string, Json>)) {
      const answer = item.get?.responses?.["200"];
      const schema = answer?.content?.["application/json"]?.schema;
      if (!schema) continue;
      const names = new Set((item.get.parameters ?? []).map((parameter: Json) => parameter.name));
      let url = samples[documentedPath] ?? documentedPath.replace(/\{(division|key|company)\}/g, "TSS");
      expect(url, `a sample URL for GET ${documentedPath}`).not.toMatch(/[{}]/);
      // Only this test's records where a list can be searched; a page where it can be paged.
      const query = new URLSearchParams();
      if (names.has("search")) query.set("search", token);
      if (names.has("limit")) query.set("limit", "50");
      if (query.size) url += (url.includes("?") ? "&" : "?") + query;

      const result = await client.get(url);
      expect(result.status, `GET ${url}: ${JSON.stringify(result.body)}`).toBe(200);
      expect(result.headers.get("content-type"), `GET ${url}`).toMatch(/^application\/json/);
      if (Array.isArray(result.body))
        expect(result.body.length, `GET ${url} lists this test's records`).toBeGreaterThan(0);
      const validate = validatorFor(schema);
      expect(
        validate(result.body) ? [] : validate.errors,
        `GET ${url} against its documented schema`,
      ).toEqual([]);
      for (const [name, header] of Object.entries((answer.headers ?? {}) as Record<string, Json>)) {
        const resolved = header.$ref ? doc.components.headers[header.$ref.split("/").pop()] : header;
        const value = result.headers.get(name);
        if (resolved.required) expect(value, `GET ${url}: header ${name}`).not.toBeNull();
        if (value !== null && resolved.schema?.type === "integer")
          expect(value, `GET ${url}: ${name}`).toMatch(/^\d+$/);
      }
      checked.push(documentedPath);
    }
    // The JSON reads of CONTRACT.md, at least.
    expect(checked).toEqual(
      expect.arrayContaining([
        "/api/auth/user",
        "/api/leads/{key}",
        "/api/leads/{key}/archived",
        "/api/leads/detail/{id}",
        "/api/contacts/{key}",
        "/api/follow-ups/{division}",
        "/api/dashboard/stats/{division}",
        "/api/admin/users",
        "/api/admin/audit-log",
        "/api/tokens",
        "/api/admin/tokens",
      ]),
    );
  });

  it("match what each write answers, in its documented status, for a request its documented body accepts", async () => {
    const token = uniqueToken("oasw");
    const admin = await adminClient();
    const { user, client } = await signedInUser(admin, {
      role: "ADMIN",
      companies: ["TSS", "NLH"],
      lastName: `Writer ${token}`,
    });
    const lead = await createLead(client, { company: `Acme ${token}` });
    const archived = await createLead(client, { company: `Old ${token}` });
    const followUp = await createNote(client, lead.id, { followUpDate: new Date().toISOString() });
    const voice = await createNote(client, lead.id, { noteType: "VOICE", voiceDuration: 3 });
    const contact = await createContact(client, { company: `Acme ${token}` });
    const revoked = await client.post("/api/tokens", { name: `Old ${token}`, expiresInDays: 7 });
    const target = await createUser(admin);
    const view = await client.post("/api/views/TSS", { name: `View ${token}` });

    // One request per write, in an order in which each succeeds. A user without a password can only be
    // made in the database (an embedded one belongs to the app's process).
    type Write = { client?: ApiClient; url: string; json?: unknown; audio?: Uint8Array<ArrayBuffer> };
    const writes: Record<string, () => Promise<Write>> = {
      "POST /api/auth/login": async () => ({
        client: new ApiClient(),
        url: "/api/auth/login",
        json: { username: user.email, password: user.password },
      }),
      "POST /api/leads": async () => ({ url: "/api/leads", json: leadInput({ estimatedValue: 99.5 }) }),
      "PATCH /api/leads/{key}": async () => ({
        url: `/api/leads/${lead.id}`,
        json: { status: "CONTACTED", version: lead.version },
      }),
      "DELETE /api/leads/{key}": async () => ({ url: `/api/leads/${archived.id}` }),
      "PATCH /api/leads/{key}/unarchive": async () => ({ url: `/api/leads/${archived.id}/unarchive` }),
      "POST /api/contacts": async () => ({ url: "/api/contacts", json: contactInput() }),
      "PATCH /api/contacts/{key}": async () => ({
        url: `/api/contacts/${contact.id}`,
        json: { position: "CFO" },
      }),
      "POST /api/notes": async () => ({
        url: "/api/notes",
        json: { leadId: lead.id, content: `Call ${token}`, followUpDate: "2030-01-02" },
      }),
      "PATCH /api/notes/{id}": async () => ({
        url: `/api/notes/${followUp.id}`,
        json: { isFollowUpComplete: true },
      }),
      "POST /api/leads/{id}/activities": async () => ({
        url: `/api/leads/${lead.id}/activities`,
        json: { kind: "EMAIL", outcome: "REPLIED", notes: `Mailed ${token}` },
      }),
      "POST /api/reminders/seen": async () => ({ url: "/api/reminders/seen" }),
      "PUT /api/reminder-setting": async () => ({
        url: "/api/reminder-setting",
        json: { mode: "DIGEST", timeZone: "Europe/Paris" },
      }),
      "PUT /api/notes/{id}/audio": async () => ({
        url: `/api/notes/${voice.id}/audio`,
        audio: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]),
      }),
      "POST /api/tokens": async () => ({
        url: "/api/tokens",
        json: { name: `Script ${token}`, expiresInDays: 30 },
      }),
      "DELETE /api/tokens/{id}": async () => ({ url: `/api/tokens/${revoked.body.id}` }),
      "POST /api/views/{key}": async () => ({
        url: "/api/views/TSS",
        json: { name: `Won ${token}`, query: "status=CLOSED_WON", shared: true },
      }),
      "PATCH /api/views/{key}": async () => ({ url: `/api/views/${view.body.id}`, json: { shared: true } }),
      "DELETE /api/views/{key}": async () => ({ url: `/api/views/${view.body.id}` }),
      "POST /api/admin/users": async () => ({
        url: "/api/admin/users",
        json: {
          email: `${token}@users.example`,
          password: "password-123",
          firstName: "New",
          lastName: `User ${token}`,
          companies: ["TSS"],
        },
      }),
      "PATCH /api/admin/users/{userId}/role": async () => ({
        url: `/api/admin/users/${target.id}/role`,
        json: { role: "ADMIN" },
      }),
      "PATCH /api/admin/users/{userId}/status": async () => ({
        url: `/api/admin/users/${target.id}/status`,
        json: { isActive: true },
      }),
      ...(databaseUrl()
        ? {
            "POST /api/admin/users/{userId}/password": async () => {
              await testSql()`update users set password_hash = null where id = ${target.id}`;
              return { url: `/api/admin/users/${target.id}/password`, json: { password: "password-456" } };
            },
          }
        : {}),
      "PATCH /api/admin/users/{userId}/password": async () => ({
        url: `/api/admin/users/${target.id}/password`,
        json: { newPassword: "password-789" },
      }),
      "POST /api/admin/users/{userId}/company-access": async () => ({
        url: `/api/admin/users/${target.id}/company-access`,
        json: { company: "NLH" },
      }),
      "DELETE /api/admin/users/{userId}/company-access/{company}": async () => ({
        url: `/api/admin/users/${target.id}/company-access/NLH`,
      }),
      // The defaults (sql/00020), as they are: no other test's board changes.
      "PUT /api/admin/pipeline/weights": async () => ({
        url: "/api/admin/pipeline/weights",
        json: { NEW: 10, CONTACTED: 25, QUALIFIED: 50, PROPOSAL: 75, CLOSED_WON: 100, CLOSED_LOST: 0 },
      }),
    };

    // Every documented write with a JSON answer has its request here (or needs the database for it).
    const documented = Object.entries(doc.paths as Record<string, Json>).flatMap(([documentedPath, item]) =>
      Object.entries(item)
        .filter(([method, op]) => method !== "get" && successOf(op as Json)?.schema)
        .map(([method]) => `${method.toUpperCase()} ${documentedPath}`),
    );
    const needsDatabase = databaseUrl() ? [] : ["POST /api/admin/users/{userId}/password"];
    expect([...Object.keys(writes), ...needsDatabase].sort()).toEqual(documented.sort());

    for (const [name, write] of Object.entries(writes)) {
      const [method, documentedPath] = name.split(" ");
      const op: Json = doc.paths[documentedPath][method.toLowerCase()];
      const { client: sender = client, url, json, audio } = await write();
      if (json !== undefined) {
        const body = validatorFor(op.requestBody.content["application/json"].schema);
        expect(body(json) ? [] : body.errors, `${name}: the request against its documented body`).toEqual([]);
      }
      const result: ApiResult = audio
        ? await sender.request(method, url, { body: audio, headers: { "content-type": "audio/webm" } })
        : await sender.request(method, url, { json });
      const success = successOf(op)!;
      expect(result.status, `${name}: ${JSON.stringify(result.body)}`).toBe(success.status);
      const validate = validatorFor(success.schema!);
      expect(validate(result.body) ? [] : validate.errors, `${name} against its documented answer`).toEqual(
        [],
      );
    }
  });

  it("describe the error body of CONTRACT.md, and a real one matches it", async () => {
    const validate = validatorFor({ $ref: "#/components/schemas/Error" });
    const unauthorized = await new ApiClient().get("/api/auth/user");
    expect(unauthorized.status).toBe(401);
    expect(validate(unauthorized.body) ? [] : validate.errors).toEqual([]);
    const invalid = await (await adminClient()).post("/api/leads", { companyDivision: "TSS" });
    expect(invalid.status).toBe(400);
    expect(validate(invalid.body) ? [] : validate.errors).toEqual([]);
    expect(doc.paths["/api/auth/user"].get.responses["401"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
  });
});

describe("GET /api/docs", () => {
  it("answers a self-contained HTML page that names every path", async () => {
    const result = await new ApiClient().get("/api/docs");
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toMatch(/^text\/html/);
    const html: string = result.body;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('name="viewport"');
    for (const documentedPath of Object.keys(doc.paths))
      expect(html).toContain(`<code>${documentedPath}</code>`);
    // No third-party or external assets: no script, no stylesheet or image from anywhere.
    expect(html).not.toMatch(/<script|<link|<img|src=/i);
    expect(html).not.toMatch(/(href|url)\(?=?["']?https?:/i);
  });
});
