import { IDEMPOTENCY_HEADER } from "./idempotency-key";
import type { ToastInput } from "./toast";

/**
 * The one way the browser's own code calls the JSON API (SPEC.md section 7, CONTRACT.md): JSON in and out,
 * cookies sent, and a failed answer becomes an error whose message is "{status}: {body text}" (or the status
 * text when the body is empty). A 401 'Unauthorized' also starts SPEC.md section 8's logged-out flow: the
 * 'Unauthorized' toast, then the login path after 500 ms (/api/login, or /api/admin/login where SPEC.md says).
 */

export const LOGGED_OUT_TOAST: ToastInput = {
  type: "error",
  title: "Unauthorized",
  description: "You are logged out. Logging in again...",
};
const LOGGED_OUT_DELAY_MS = 500;

export class JsonFetchError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** CONTRACT.md's error body, when the answer had one. */
    readonly body: { message?: string; errors?: Record<string, string[]> } | null,
    /**
     * The logged-out flow has started: its toast is showing and the login page follows, so the caller shows
     * no failure toast of its own (one toast at a time: it would replace the one that says why).
     */
    readonly loggedOut = false,
  ) {
    super(message);
    this.name = "JsonFetchError";
  }

  /** The server's own message ('Invalid input', 'A user with this email already exists', ...), if any. */
  get serverMessage() {
    return typeof this.body?.message === "string" ? this.body.message : null;
  }
}

export type JsonFetchOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  /** A raw body (voice audio), sent with its own content type. */
  body?: Blob;
  /** Sent as the Idempotency-Key header: the same key again (a retry) is carried out once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Where the logged-out flow goes; `false` when a 401 is an answer of its own (the sign-in form). */
  loginPath?: string | false;
};

export type JsonFetchDeps = {
  fetch: typeof fetch;
  showToast: (toast: ToastInput) => void;
  goTo: (url: string) => void;
  setTimeout?: (run: () => void, ms: number) => unknown;
};

/** A list endpoint's page and its `X-Total-Count` (CONTRACT.md). */
export type JsonList<T> = { items: T[]; total: number };

export type JsonFetch = (<T = unknown>(path: string, options?: JsonFetchOptions) => Promise<T>) & {
  /** GET a page of a list endpoint, with the total it reports. */
  list: <T>(path: string, options?: Pick<JsonFetchOptions, "signal" | "loginPath">) => Promise<JsonList<T>>;
};

export function createJsonFetch(deps: JsonFetchDeps): JsonFetch {
  const later = deps.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  async function send(path: string, options: JsonFetchOptions) {
    const { method = "GET", json, body, signal, idempotencyKey, loginPath = "/api/login" } = options;
    const headers: Record<string, string> = { Accept: "application/json" };
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    if (json !== undefined) headers["Content-Type"] = "application/json";
    if (body) headers["Content-Type"] = body.type;
    const response = await deps.fetch(path, {
      method,
      credentials: "include",
      headers,
      body: json !== undefined ? JSON.stringify(json) : body,
      signal,
    });
    const text = await response.text();
    if (!response.ok) {
      const message = `${response.status}: ${text || response.statusText}`;
      const loggedOut = response.status === 401 && message.includes("Unauthorized") && Boolean(loginPath);
      if (loggedOut) {
        deps.showToast(LOGGED_OUT_TOAST);
        later(() => deps.goTo(loginPath as string), LOGGED_OUT_DELAY_MS);
      }
      throw new JsonFetchError(response.status, message, parseBody(text), loggedOut);
    }
    return { value: text ? JSON.parse(text) : null, headers: response.headers };
  }
  const jsonFetch = async <T>(path: string, options: JsonFetchOptions = {}) =>
    (await send(path, options)).value as T;
  jsonFetch.list = async <T>(path: string, options: JsonFetchOptions = {}): Promise<JsonList<T>> => {
    const { value, headers } = await send(path, options);
    return { items: value as T[], total: Number(headers.get("X-Total-Count") ?? 0) };
  };
  return jsonFetch;
}

/** Whether a failure is the logged-out flow, which already told the user (JsonFetchError.loggedOut). */
export function isLoggedOut(error: unknown) {
  return error instanceof JsonFetchError && error.loggedOut;
}

function parseBody(text: string): JsonFetchError["body"] {
  try {
    const body = JSON.parse(text);
    return body && typeof body === "object" ? body : null;
  } catch {
    return null;
  }
}
