import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isDivision, type Division } from "./divisions";

/** An answer with CONTRACT.md's error body: {message, errors?}. Thrown anywhere below an apiRoute. */
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
export const forbidden = () => new ApiError(403, "Forbidden");
export const notFound = () => new ApiError(404, "Not found");

export function jsonResponse(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { ...init, headers });
}

export function errorResponse(error: ApiError) {
  const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
  return jsonResponse(body, { status: error.status, headers: error.headers });
}

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;

/**
 * Wraps a resource route's loader or action: ApiErrors become their JSON answer, thrown Responses pass,
 * and anything else is logged and answered with a generic 500 that reveals nothing.
 */
export function apiRoute(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      if (error instanceof Response) return error;
      console.error("Unhandled API error", args.request.method, new URL(args.request.url).pathname, error);
      return jsonResponse({ message: "Internal server error" }, { status: 500 });
    }
  };
}

/** A route method that does not exist on this path. */
export function methodNotAllowed(allow: string) {
  return jsonResponse({ message: "Method not allowed" }, { status: 405, headers: { Allow: allow } });
}

export const JSON_BODY_LIMIT = 1024 * 1024;

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

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** Ids are UUIDs; a malformed one is simply not found. */
export function requireId(value: string | undefined): string {
  if (!isUuid(value)) throw notFound();
  return value.toLowerCase();
}
