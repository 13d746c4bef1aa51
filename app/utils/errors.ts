/**
 * Neutral refusals thrown by the models. They say what went wrong, not how to answer it: the JSON routes
 * turn them into CONTRACT.md's status codes (http/api.server.ts), the page actions into SPEC.md's failure
 * toasts or field messages (http/page-action.server.ts). See docs/decisions/001-layers.md.
 */
export type RefusalKind = "bad-request" | "signed-out" | "forbidden" | "not-found" | "conflict" | "busy";

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** Messages per input field (bad-request only), as CONTRACT.md's `errors`. */
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "Refusal";
  }
}

/** The HTTP status each refusal stands for (CONTRACT.md "JSON API conventions"). */
export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  "bad-request": 400,
  "signed-out": 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  busy: 429,
};

/** Seconds a client refused as `busy` is asked to wait (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const notFound = () => new Refusal("not-found", "Not found");
/** The session or token the request came with ended while it ran (CONTRACT.md's 401 "Unauthorized"). */
export const signedOut = () => new Refusal("signed-out", "Unauthorized");
export const forbidden = () => new Refusal("forbidden", "Forbidden");
export const conflict = (message: string) => new Refusal("conflict", message);
/** The caller already uses its share of something bounded (streamed answers): try again shortly. */
export const busy = (message: string) => new Refusal("busy", message);
/** Input that passed its schema but breaks a rule only the database can check (an assignee, a last division). */
export const invalidInput = (fieldErrors: Record<string, string[]>) =>
  new Refusal("bad-request", "Invalid input", fieldErrors);

export function isRefusal(error: unknown): error is Refusal {
  return error instanceof Refusal;
}

/** For `.catch(nullIfRefused)`: a refusal means "none"; any other error is a bug and propagates. */
export function nullIfRefused(error: unknown): null {
  if (isRefusal(error)) return null;
  throw error;
}
