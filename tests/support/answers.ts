// CONTRACT.md's answers as the integration tests check them: the fixed error bodies, the shape of any error
// body, and the formats of ids and timestamps. Every test file checks the same contract, so one copy here.
import { expect } from "vitest";
import type { ApiResult } from "./api-client";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An ISO 8601 timestamp in UTC, as JSON carries them. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export const UNAUTHORIZED = { message: "Unauthorized" };
export const FORBIDDEN = { message: "Forbidden" };
export const NOT_FOUND = { message: "Not found" };
/** A failed sign-in, the same whether the username is unknown, the password wrong or the user deactivated. */
export const SIGN_IN_REFUSED = { message: "Invalid username or password" };
export const TOO_MANY_SIGN_INS = { message: "Too many sign-in attempts. Try again later." };

/** CONTRACT.md's error body: {message: string, errors?: {field: [string]}}, as JSON. */
export function expectErrorBody(result: ApiResult, what: string) {
  expect(result.headers.get("content-type"), what).toMatch(/^application\/json/);
  const body = result.body;
  expect(body !== null && typeof body === "object" && !Array.isArray(body), what).toBe(true);
  expect(
    Object.keys(body).every((key) => key === "message" || key === "errors"),
    what,
  ).toBe(true);
  expect(typeof body.message, what).toBe("string");
  expect(body.message.length, what).toBeGreaterThan(0);
  if ("errors" in body) {
    expect(body.errors !== null && typeof body.errors === "object" && !Array.isArray(body.errors), what).toBe(
      true,
    );
    for (const messages of Object.values(body.errors)) {
      expect(Array.isArray(messages), what).toBe(true);
      expect((messages as unknown[]).length, what).toBeGreaterThan(0);
      for (const message of messages as unknown[]) expect(typeof message, what).toBe("string");
    }
  }
}

/** A 400 "Invalid input" whose errors name exactly the given fields. */
export function expectInvalidInput(result: ApiResult, fields: string[]) {
  expect(result.status).toBe(400);
  expect(result.body.message).toBe("Invalid input");
  expect(Object.keys(result.body.errors ?? {}).sort()).toEqual([...fields].sort());
  for (const field of fields) {
    expect(Array.isArray(result.body.errors[field])).toBe(true);
    expect(result.body.errors[field].length).toBeGreaterThan(0);
    for (const message of result.body.errors[field]) expect(typeof message).toBe("string");
  }
}

/** Retry-After of a refused sign-in: whole seconds, at least one, within the 15-minute window. */
export function expectRetryAfter(headers: Headers) {
  const retryAfter = headers.get("retry-after");
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60);
}

/** A value as a failure message shows it: JSON, cut short, as hostile inputs run to thousands of characters. */
export function preview(value: unknown) {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 240 ? `${text.slice(0, 240)}… (${text.length} chars)` : text;
}
