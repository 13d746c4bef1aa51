import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type * as z from "zod";
import { JSON_BODY_LIMIT } from "./body-limits";
import { logClientGone } from "./client-gone.server";
import { batchStream } from "./batch-stream";
import { reportDatabaseError } from "~/db/db-availability.server";
import { isDivision, type Division } from "~/utils/divisions";
import { BUSY_RETRY_AFTER_SECONDS, isRefusal, REFUSAL_STATUS, type Refusal } from "~/utils/errors";
import { describeError, logLine } from "~/utils/log-line";
import { encodeCursor, type PageCursor } from "~/utils/page-cursor";

/**
 * The JSON API's plumbing (CONTRACT.md "JSON API conventions"): answers with its error body, body reading
 * with its limits, input parsing, lists. api/define-api.server.ts runs the routes/api.* modules' operations
 * with it, and their handlers answer lists with it; models never use it (they throw the neutral refusals of
 * utils/errors.ts, which apiRoute translates).
 */

/** An answer with CONTRACT.md's error body that is about the request itself (401, 413, 415, 429 ...). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthorized = () => new ApiError(401, "Unauthorized");

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export function jsonResponse(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(JSON_HEADERS)) headers.set(name, value);
  return new Response(JSON.stringify(body), { ...init, headers });
}

function errorBody(message: string, errors?: Record<string, string[]>) {
  return errors ? { message, errors } : { message };
}

/** The JSON answer for an ApiError or a model's Refusal. */
function errorResponse(error: ApiError | Refusal) {
  if (isRefusal(error)) {
    const headers: Record<string, string> =
      error.kind === "busy" ? { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } : {};
    return jsonResponse(errorBody(error.message, error.fieldErrors), {
      status: REFUSAL_STATUS[error.kind],
      headers,
    });
  }
  return jsonResponse(errorBody(error.message, error.errors), {
    status: error.status,
    headers: error.headers,
  });
}

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;

/** PostgreSQL's "data exception" class: a value the column cannot hold. The schemas should stop these first. */
function isDataException(error: unknown) {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && code.startsWith("22");
}

/**
 * Wraps a resource route's loader or action: ApiErrors and refusals become their JSON answer, thrown
 * Responses pass, the database out of reach is a 503, and anything else is logged and answered with a
 * generic 500 that reveals nothing.
 */
export function apiRoute(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof ApiError || isRefusal(error)) return errorResponse(error);
      if (error instanceof Response) return error;
      const { method, url, signal } = args.request;
      const path = new URL(url).pathname;
      if (signal.aborted) {
        logClientGone(method, path);
        return jsonResponse({ message: "Client closed request" }, { status: 499 });
      }
      if (reportDatabaseError(error)) {
        return jsonResponse(
          { message: "Service unavailable" },
          { status: 503, headers: { "Retry-After": "5" } },
        );
      }
      if (isDataException(error)) {
        console.warn(logLine`Input the database refused (${(error as Error).message}): ${method} ${path}`);
        return errorResponse(new ApiError(400, "Invalid input"));
      }
      console.error(logLine`Unhandled API error ${method} ${path}: ` + describeError(error));
      return jsonResponse({ message: "Internal server error" }, { status: 500 });
    }
  };
}

/** A route method that does not exist on this path. */
export function methodNotAllowed(allow: string) {
  return jsonResponse({ message: "Method not allowed" }, { status: 405, headers: { Allow: allow } });
}

/** Reads a JSON body: 415 for another type, 413 over the limit, 400 when it does not parse. */
export async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(type)) throw new ApiError(415, "Unsupported media type");
  const text = new TextDecoder().decode(await readLimited(request, JSON_BODY_LIMIT));
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "Invalid JSON");
  }
}

/** Reads a body, refusing (413) as soon as it passes `limit` bytes, whatever Content-Length claims. */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (Number(request.headers.get("content-length") ?? 0) > limit)
    throw new ApiError(413, "Payload too large");
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not cancel(): that destroys the connection before the 413 can be sent. The server discards the
      // rest of the body once the answer is out (server.ts, drainUnreadBodies).
      reader.releaseLock();
      throw new ApiError(413, "Payload too large");
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Validates input with a zod schema: 400 "Invalid input" with SPEC.md's messages per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ApiError(400, "Invalid input", fieldErrors(result.error));
}

/**
 * A query string as parseInput's input. A parameter left blank (`limit=`, or only spaces) counts as not given,
 * as a form's empty field does: CONTRACT.md itself writes `?search=&action=&limit=&offset=`.
 */
export function queryOf(request: Request) {
  const query: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) if (value.trim()) query[name] = value;
  return query;
}

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "body";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function requireDivisionParam(value: string | undefined): Division {
  if (!isDivision(value)) throw new ApiError(400, "Unknown division");
  return value;
}

/**
 * A page of a list: a bare array, with the number of all matches in X-Total-Count (unless `total` is null:
 * a list paged by cursor alone, such as a lead's timeline, does not count) and, when more rows
 * follow, the next page's cursor in X-Next-Cursor and as a `Link: <...>; rel="next"` to the same request
 * with it (docs/decisions/005-cursors.md).
 */
export function listResponse(
  rows: unknown[],
  total: number | null,
  next?: { request: Request; cursor: PageCursor | null },
) {
  const headers = new Headers(total === null ? {} : { "X-Total-Count": String(total) });
  if (next?.cursor) {
    const cursor = encodeCursor(next.cursor);
    const url = new URL(next.request.url);
    url.searchParams.delete("offset");
    url.searchParams.set("cursor", cursor);
    headers.set("X-Next-Cursor", cursor);
    headers.set("Link", `<${url.pathname}${url.search}>; rel="next"`);
  }
  return jsonResponse(rows, { headers });
}

/**
 * A whole list (CONTRACT.md: no `limit`), written as it is read: the batches (db/keyset.server.ts) become
 * one JSON array, so memory stays flat and the first bytes leave at once. `signal` is the request's: the
 * batches end when it aborts.
 */
export async function streamedListResponse(
  total: number,
  batches: AsyncIterable<unknown[]>,
  signal: AbortSignal,
) {
  const body = await batchStream(batches, {
    head: "[",
    tail: "]",
    write: (rows, first) => (first ? "" : ",") + rows.map((row) => JSON.stringify(row)).join(","),
    signal,
  });
  return new Response(body, { headers: { ...JSON_HEADERS, "X-Total-Count": String(total) } });
}
