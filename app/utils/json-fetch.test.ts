import { describe, expect, it, vi } from "vitest";
import { createJsonFetch, isLoggedOut, JsonFetchError, LOGGED_OUT_TOAST } from "./json-fetch";
import type { ToastInput } from "./toast";

function setup(response: Response) {
  const fetch = vi.fn(async (..._args: Parameters<typeof globalThis.fetch>) => response.clone());
  const toasts: ToastInput[] = [];
  const visits: string[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const jsonFetch = createJsonFetch({
    fetch,
    showToast: (toast) => toasts.push(toast),
    goTo: (url) => visits.push(url),
    setTimeout: (run, ms) => timers.push({ run, ms }),
  });
  return { fetch, toasts, visits, timers, jsonFetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("createJsonFetch", () => {
  it("sends JSON with the cookies and reads a JSON answer", async () => {
    const { fetch, jsonFetch } = setup(json({ id: "1" }, 201));
    await expect(jsonFetch("/api/notes", { method: "POST", json: { content: "Hi" } })).resolves.toEqual({
      id: "1",
    });
    const [path, init] = fetch.mock.calls[0];
    expect(path).toBe("/api/notes");
    expect(init).toMatchObject({
      method: "POST",
      credentials: "include",
      body: '{"content":"Hi"}',
      headers: { "Content-Type": "application/json", Accept: "application/json" },
    });
  });

  it("turns a failed answer into '{status}: {body}' with CONTRACT.md's body", async () => {
    const { jsonFetch, toasts } = setup(json({ message: "Invalid input", errors: { a: ["x"] } }, 400));
    const error = (await jsonFetch("/api/x").catch((caught) => caught)) as JsonFetchError;
    expect(error).toBeInstanceOf(JsonFetchError);
    expect(error.message).toBe('400: {"message":"Invalid input","errors":{"a":["x"]}}');
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe("Invalid input");
    expect(error.body?.errors).toEqual({ a: ["x"] });
    expect(toasts).toEqual([]);
  });

  it("uses the status text when the body is empty", async () => {
    const { jsonFetch } = setup(new Response(null, { status: 503, statusText: "Service Unavailable" }));
    await expect(jsonFetch("/api/x")).rejects.toThrow("503: Service Unavailable");
  });

  it("on 401 'Unauthorized' shows the logged-out toast and goes to /api/login after 500 ms", async () => {
    const { jsonFetch, toasts, visits, timers } = setup(json({ message: "Unauthorized" }, 401));
    await expect(jsonFetch("/api/x")).rejects.toThrow("401: ");
    // The caller is told, so it adds no failure toast over this one.
    await expect(jsonFetch("/api/x")).rejects.toSatisfy(isLoggedOut);
    expect(toasts).toEqual([LOGGED_OUT_TOAST, LOGGED_OUT_TOAST]);
    expect(LOGGED_OUT_TOAST).toEqual({
      type: "error",
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
    });
    expect(timers.map((timer) => timer.ms)).toEqual([500, 500]);
    expect(visits).toEqual([]);
    timers[0].run();
    expect(visits).toEqual(["/api/login"]);
  });

  it("goes to /api/admin/login where the caller says so, and not at all when a 401 is an answer", async () => {
    const admin = setup(json({ message: "Unauthorized" }, 401));
    await admin.jsonFetch("/api/admin/users/1/status", { loginPath: "/api/admin/login" }).catch(() => {});
    admin.timers[0].run();
    expect(admin.visits).toEqual(["/api/admin/login"]);

    const signIn = setup(json({ message: "Unauthorized" }, 401));
    await expect(signIn.jsonFetch("/api/auth/login", { loginPath: false })).rejects.not.toSatisfy(
      isLoggedOut,
    );
    expect(signIn.toasts).toEqual([]);
    expect(signIn.timers).toEqual([]);
  });

  it("a 401 without 'Unauthorized' in it is an ordinary error", async () => {
    const { jsonFetch, toasts } = setup(json({ message: "Invalid username or password" }, 401));
    await expect(jsonFetch("/api/x")).rejects.toThrow("401: ");
    await expect(jsonFetch("/api/x")).rejects.not.toSatisfy(isLoggedOut);
    expect(toasts).toEqual([]);
  });

  it("sends a raw body with its own type", async () => {
    const { fetch, jsonFetch } = setup(json({}));
    const audio = new Blob([new Uint8Array([1, 2])], { type: "audio/webm" });
    await jsonFetch("/api/notes/1/audio", { method: "PUT", body: audio });
    expect(fetch.mock.calls[0][1]).toMatchObject({
      method: "PUT",
      body: audio,
      headers: { "Content-Type": "audio/webm" },
    });
  });

  it("reads a list's page with its X-Total-Count", async () => {
    const { jsonFetch, fetch } = setup(
      new Response(JSON.stringify([{ id: "a" }]), { headers: { "X-Total-Count": "41" } }),
    );
    await expect(jsonFetch.list("/api/admin/audit-log?limit=1")).resolves.toEqual({
      items: [{ id: "a" }],
      total: 41,
    });
    expect(fetch.mock.calls[0][1]).toMatchObject({ method: "GET" });
  });
});
