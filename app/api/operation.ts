import type { AppLoadContext } from "@remix-run/node";
import type * as z from "zod";
import type { Actor } from "~/models/actor.server";
import type { Division } from "~/utils/divisions";
import type { AnswerName } from "./answers";

/**
 * An operation of the JSON API as its route module declares it, in the spirit of @hono/zod-openapi's
 * `createRoute`: its method, what it takes (path parameters, query, body), who may call it, what it answers
 * and what it refuses, and its handler. define-api.server.ts runs it (the checks in CONTRACT.md's order, then
 * the handler) and openapi.server.ts documents it, both from this one declaration, so a route cannot answer
 * other than its entry in /api/openapi.json says (docs/decisions/007-openapi.md).
 */

export type Json = Record<string, unknown>;
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call, which decides the checks and the document's `security` (the token scope it needs,
 * docs/security.md "API tokens"):
 * - `signed-in`: a session or a bearer token; any method but GET needs a token of scope `write`.
 * - `admin`: user administration: an admin, by session or by a token of scope `admin`.
 * - `person`: a person signed in with the session cookie, never a token (making a token).
 * - `public`: anyone; `optional-session`: anyone, and a session if there is one (signing out).
 */
export type Access = "signed-in" | "admin" | "person" | "public" | "optional-session";

/** A division in the path: 400 `Unknown division` for anything else; 403 outside the caller's access when `access`. */
export type DivisionParam = { kind: "division"; description: string; access: boolean };
/** A record's id in the path: a malformed one names no record (404). */
export type RecordParam = { kind: "record"; description: string };
export type PathParam = DivisionParam | RecordParam;
export type Params = Record<string, PathParam>;

/** A division of the caller's: the division's records, or where a new one goes. */
export const division = (description = "A division; one not in your access is 403."): DivisionParam => ({
  kind: "division",
  description,
  access: true,
});

/** A division that is the subject of the change (an admin revoking a user's access), whoever's it is. */
export const anyDivision = (description: string): DivisionParam => ({
  kind: "division",
  description,
  access: false,
});

/** A record's id; division records in a division the caller cannot access are "not found" too. */
export const recordOf = (what: string, { inDivision = true } = {}): RecordParam => ({
  kind: "record",
  description:
    `The ${what}'s id. A malformed or unknown id` +
    (inDivision ? ", or one in a division you cannot access, is 404." : " is 404."),
});

/**
 * A body that is not JSON parsed by a schema (voice audio): `read` reads it, with its own refusals (413,
 * 415), where a JSON body is read; `content` is its media types for the document.
 */
export type RawBody<T> = { content: Record<string, Json>; read: (request: Request) => Promise<T> };
export type Body = z.ZodType | RawBody<unknown>;

/** An answer as the document describes it: JSON by `json()`, or another content type written out. */
export type Answer = { description: string; headers?: Json; content?: Record<string, Json> };

/** An answer schema of answers.ts, as the document's components name it. */
export const ref = (name: AnswerName) => ({ $ref: `#/components/schemas/${name}` });
export const listOf = (name: AnswerName) => ({ type: "array", items: ref(name) });

export function json(description: string, schema: Json, headers?: Json): Answer {
  return { description, ...(headers ? { headers } : {}), content: { "application/json": { schema } } };
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
/** The headers of a list answer; the paged lists also point to their next page. */
export const COUNTED = { "X-Total-Count": headerRef("X-Total-Count") };
/** The headers that point to the next page (a list paged by cursor alone has no total). */
export const NEXT_PAGE = { "X-Next-Cursor": headerRef("X-Next-Cursor"), Link: headerRef("Link") };
export const PAGED = { ...COUNTED, ...NEXT_PAGE };
export const RETRY_AFTER = { "Retry-After": headerRef("Retry-After") };

export const redirectHome = (description: string, headers: Json = {}): Answer => ({
  description,
  headers: { Location: { description: "`/`", schema: { type: "string" } }, ...headers },
});

/** The document's groups of operations, in the order the reference shows them. */
export const TAGS = {
  Authentication: "Sessions: sign in, the current user, sign out.",
  Leads: "Leads of a division, their lists, detail, archive and export.",
  Contacts: "Contacts of a division and their related leads.",
  Dashboard: "A division's figures.",
  Pipeline: "A division's leads by status, with each column's totals and weighted value.",
  Search: "One search across a division's leads, contacts and company names.",
  "Notes and follow-ups": "Notes on leads, follow-up dates, voice recordings.",
  Timeline: "A lead's history in one feed, and the calls and e-mails logged on it.",
  "Saved views": "Named lead lists (filters and order), private or shared with a division.",
  "API tokens": "Personal API tokens, for scripts: `Authorization: Bearer <token>`.",
  Administration:
    "Users, their roles and division access, everyone's API tokens, the audit log. Admins only.",
  "API documentation": "This document.",
};
export type Tag = keyof typeof TAGS;

type ActorOf<A extends Access> = A extends "public" | "optional-session" ? undefined : Actor;
type ParamValues<P extends Params> = { [K in keyof P]: P[K] extends DivisionParam ? Division : string };
/** A query or body as the handler gets it: parsed by its schema, or as its `read` returns it. */
export type Parsed<S> = S extends z.ZodType ? z.output<S> : S extends RawBody<infer T> ? T : undefined;

/** What the handler is given: the request, and everything the declaration had checked and parsed. */
export type Input<A extends Access, P extends Params, Q, B, F> = {
  request: Request;
  context: AppLoadContext;
  actor: ActorOf<A>;
  params: ParamValues<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  found: F;
};

export type Operation<
  A extends Access = Access,
  P extends Params = Params,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends Body | undefined = Body | undefined,
  F = unknown,
> = {
  method: Method;
  /** The document's operationId. */
  id: string;
  tag: Tag;
  summary: string;
  description?: string;
  access?: A;
  /** The path's parameters, by the names the route file gives them (`$key` is `key`). */
  params?: P;
  /** The query string, parsed as a whole (400 `Invalid input` with `errors`). */
  query?: Q;
  /** A JSON body's schema (400 `Invalid input` with `errors`), or a body of another type. */
  body?: B;
  /** Header parameters the handler reads itself, for the document (a Range). */
  headers?: Json[];
  answers: Record<number, Answer>;
  /**
   * What each error status means here, beyond what the declaration implies (401 and 429 for the signed in,
   * 400/413/415 for a JSON body, the parameters' 400, 403 and 404, the write checks, 503).
   */
  errors?: Record<number, string>;
  /** A 403 of its own, before ids and records are looked at (a division named in the body). */
  allow?: (actor: ActorOf<A>, body: unknown) => void;
  /** The record the path names, looked up before the input is validated (CONTRACT.md: 404 before 400). */
  find?: (input: { actor: ActorOf<A>; params: ParamValues<P>; body: unknown }) => Promise<F>;
  /** The operation itself: a value to answer as JSON with the declared success status, or a Response. */
  handler: (input: Input<A, P, Q, B, F>) => Promise<unknown>;
};

/** An operation with its handler's types erased: what defineApi runs and the document reads. */
export type ApiOperation = Operation<Access, Params, z.ZodType | undefined, Body | undefined, unknown>;

/**
 * Declares an operation: its handler's input is typed by the declaration (the parameters, query and body it
 * declares, the record its `find` returns), and defineApi builds that input from the same declaration.
 */
export function operation<
  A extends Access = "signed-in",
  P extends Params = Record<never, PathParam>,
  Q extends z.ZodType | undefined = undefined,
  B extends Body | undefined = undefined,
  F = undefined,
>(declared: Operation<A, P, Q, B, F>): ApiOperation {
  return declared as unknown as ApiOperation;
}
