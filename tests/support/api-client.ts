// A scripted client of the JSON API, as CONTRACT.md describes it: JSON bodies, a session cookie.
import crypto from "node:crypto";
import { inject } from "vitest";
import { ADMIN } from "./test-server";

export const baseUrl = () => inject("baseUrl");

export type ApiResult<T = any> = { status: number; body: T; headers: Headers };

export class ApiClient {
  constructor(public cookie: string | null = null) {}

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
    const response = await fetch(baseUrl() + path, { method, headers, body, redirect: "manual" });
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
}

/** Signs in through POST /api/auth/login and returns a client holding the session cookie. */
export async function signIn(username: string, password: string, headers: Record<string, string> = {}) {
  const client = new ApiClient();
  const result = await client.request("POST", "/api/auth/login", { json: { username, password }, headers });
  if (result.status !== 200) throw new Error(`Sign-in of ${username} failed: ${result.status} ${JSON.stringify(result.body)}`);
  return client;
}

export function signInAdmin() {
  return signIn(ADMIN.email, ADMIN.password);
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}.${crypto.randomBytes(5).toString("hex")}@test.example`;
}

export type NewUser = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: "ADMIN" | "SALES_USER";
  companies: ("TSS" | "NLH")[];
};

/** Creates a user through the admin API and returns the created user with its password. */
export async function createUser(admin: ApiClient, overrides: Partial<NewUser> = {}) {
  const input: NewUser = {
    email: uniqueEmail(),
    password: "password-123",
    firstName: "Test",
    lastName: "User",
    role: "SALES_USER",
    companies: ["TSS"],
    ...overrides,
  };
  const result = await admin.post("/api/admin/users", input);
  if (result.status !== 201) throw new Error(`Creating ${input.email} failed: ${result.status} ${JSON.stringify(result.body)}`);
  return { ...result.body, password: input.password } as { id: string; email: string; password: string } & Record<string, any>;
}

/** A new user, signed in. */
export async function signedInUser(admin: ApiClient, overrides: Partial<NewUser> = {}) {
  const user = await createUser(admin, overrides);
  return { user, client: await signIn(user.email, user.password) };
}
