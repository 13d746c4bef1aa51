// A scripted client of the JSON API, as CONTRACT.md describes it: JSON bodies, a session cookie.
// Answers are JSON of many shapes: `any` is the default body type on purpose, tests pick a type where it helps.
/* eslint-disable @typescript-eslint/no-explicit-any */
import crypto from "node:crypto";
import { expect, inject } from "vitest";
import { ADMIN } from "./test-server";

export const baseUrl = () => inject("baseUrl");

export type ApiResult<T = any> = { status: number; body: T; headers: Headers };

export class ApiClient {
  /** `base`: another app than the suite's (a test that starts its own). */
  constructor(
    public cookie: string | null = null,
    private readonly base?: string,
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body = options.body;
    if (options.json !== undefined) {
      headers["content-type"] ??= "application/json";
      body = JSON.stringify(options.json);
    }
    const response = await fetch((this.base ?? baseUrl()) + path, {
      method,
      headers,
      body,
      redirect: "manual",
    });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
    if (setCookie) this.cookie = setCookie.split(";")[0];
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>("GET", path);
  }
  post<T = any>(path: string, json?: unknown) {
    return this.request<T>("POST", path, { json });
  }
  patch<T = any>(path: string, json?: unknown) {
    return this.request<T>("PATCH", path, { json });
  }
  delete<T = any>(path: string) {
    return this.request<T>("DELETE", path);
  }
  /** POST of a page's form, as a browser without JavaScript sends it. */
  postForm<T = any>(
    path: string,
    fields: Record<string, string> | URLSearchParams,
    headers: Record<string, string> = {},
  ) {
    return this.request<T>("POST", path, {
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });
  }
}

/**
 * Signs in through POST /api/auth/login and returns a client holding the session cookie; on the suite's app,
 * or on `base`, an app the test started itself.
 */
export async function signIn(
  username: string,
  password: string,
  headers: Record<string, string> = {},
  base?: string,
) {
  const client = new ApiClient(null, base);
  const result = await client.request("POST", "/api/auth/login", { json: { username, password }, headers });
  if (result.status !== 200)
    throw new Error(`Sign-in of ${username} failed: ${result.status} ${JSON.stringify(result.body)}`);
  return client;
}

let fileAdmin: Promise<{ email: string; password: string }> | undefined;

/**
 * An admin, signed in: on `base` (an app the test started itself) the first admin; on the suite's app an
 * admin of this test file's own, made by the first admin once per file. Files run side by side there, and a
 * user keeps only their newest 20 sessions, so files signing in one shared admin would end each other's.
 */
export async function signInAdmin(base?: string) {
  if (base) return signIn(ADMIN.email, ADMIN.password, {}, base);
  fileAdmin ??= signIn(ADMIN.email, ADMIN.password).then((first) =>
    createUser(first, { role: "ADMIN", companies: ["TSS", "NLH"], firstName: "File", lastName: "Admin" }),
  );
  const { email, password } = await fileAdmin;
  return signIn(email, password);
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}.${crypto.randomBytes(5).toString("hex")}@test.example`;
}

/** CONTRACT.md's User object, key by key (sorted): never a password hash. */
export const USER_KEYS = [
  "companyAccess",
  "createdAt",
  "email",
  "firstName",
  "hasPassword",
  "id",
  "isActive",
  "lastName",
  "profileImageUrl",
  "role",
];

/** CONTRACT.md's User object, as the API sends it. */
export type UserObject = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "ADMIN" | "SALES_USER";
  companyAccess: { company: "TSS" | "NLH" }[];
  isActive: boolean;
  createdAt: string;
  profileImageUrl: string | null;
  hasPassword: boolean;
};

export type NewUser = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: "ADMIN" | "SALES_USER";
  companies: ("TSS" | "NLH")[];
};

/** A valid POST /api/admin/users body with a unique e-mail; `overrides` may make it invalid on purpose. */
export function newUserInput(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: "password-123",
    firstName: "Test",
    lastName: "User",
    role: "SALES_USER",
    companies: ["TSS"],
    ...overrides,
  };
}

/** Creates a user through the admin API and returns the created user with its password. */
export async function createUser(admin: ApiClient, overrides: Partial<NewUser> = {}) {
  const input = newUserInput(overrides);
  const result = await admin.post("/api/admin/users", input);
  if (result.status !== 201)
    throw new Error(`Creating ${input.email} failed: ${result.status} ${JSON.stringify(result.body)}`);
  return { ...result.body, password: input.password } as UserObject & { password: string };
}

/** A user as the admin list shows them. */
export async function listedUser(admin: ApiClient, user: { id: string; email: string }) {
  const result = await admin.get<UserObject[]>(
    `/api/admin/users?search=${encodeURIComponent(user.email)}&limit=10`,
  );
  expect(result.status).toBe(200);
  const found = result.body.find((entry) => entry.id === user.id);
  expect(found, user.email).toBeDefined();
  return found!;
}

/** Deactivates a user through the admin API, expecting 200. */
export async function deactivateUser(admin: ApiClient, userId: string) {
  const result = await admin.patch(`/api/admin/users/${userId}/status`, { isActive: false });
  expect(result.status).toBe(200);
}

/** A new user, signed in. */
export async function signedInUser(admin: ApiClient, overrides: Partial<NewUser> = {}) {
  const user = await createUser(admin, overrides);
  return { user, client: await signIn(user.email, user.password) };
}

/**
 * A client address of its own, sent as X-Forwarded-For (the test app trusts its loopback proxy). Failed
 * sign-ins count per address, so a test that fails on purpose uses one of these, never the shared 127.0.0.1.
 */
export function uniqueAddress() {
  const groups = Array.from({ length: 4 }, () => crypto.randomBytes(2).toString("hex"));
  return `2001:db8:0:0:${groups.join(":")}`;
}

/** POST /api/auth/login as-is (any body), from a fresh address unless one is given; never throws. */
export async function attemptSignIn(credentials: unknown, address = uniqueAddress()) {
  const client = new ApiClient();
  const result = await client.request("POST", "/api/auth/login", {
    json: credentials,
    headers: { "x-forwarded-for": address },
  });
  return { ...result, client };
}

/** The __session Set-Cookie header of an answer, if any. */
export function sessionSetCookie(headers: Headers) {
  return headers.getSetCookie().find((cookie) => cookie.startsWith("__session=")) ?? null;
}

/** A well-formed id that names no record. */
export const missingId = () => crypto.randomUUID();
