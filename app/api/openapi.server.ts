import type { ServerBuild } from "@remix-run/node";
import * as z from "zod";
import type { TokenScope } from "~/models/api-token";
import { DIVISIONS } from "~/utils/divisions";
import { IDEMPOTENCY_HEADER } from "~/utils/idempotency-key";
import { SESSION_COOKIE } from "~/http/session-cookie.server";
import { ANSWERS } from "./answers";
import type { Api } from "./define-api.server";
import {
  json,
  RETRY_AFTER,
  ref,
  TAGS,
  type Access,
  type ApiOperation,
  type Json,
  type Method,
  type PathParam,
} from "./operation";

/**
 * The OpenAPI 3.1 document of every /api route (CONTRACT.md), built from the operations the route modules
 * declare (operation.ts): their zod schemas, answers and errors. The route modules are the server build's,
 * walked at the first request: a route under /api without a declaration, or serving other than it declares,
 * fails the document. Served at /api/openapi.json and rendered at /api/docs; tests/integration/openapi.test.ts
 * checks it against the routes and their real answers (docs/decisions/007-openapi.md).
 */

type Routes = ServerBuild["routes"];

// Every text input refuses a NUL character (utils/zod.ts): said once in the description, not at every field.
const NUL_PATTERN = "^[^\\u0000]*$";

/** An input schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends, before transforms. */
function jsonSchemaOf(schema: z.ZodType): Json {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io: "input",
    // Transforms and preprocessors have no JSON Schema; their input side is what gets documented.
    unrepresentable: "any",
    override: ({ jsonSchema }) => {
      if (jsonSchema.pattern === NUL_PATTERN) delete jsonSchema.pattern;
    },
  });
  return json;
}

/** The answer schemas, as components that refer to one another. */
function answerComponents(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(ANSWERS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}` });
  // A fragment-only $id is not allowed in 2020-12, and the dialect is the document's.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $id: _id, $schema: _schema, ...json }]) => [id, json]),
  );
}

// ---- The routes ----

/** A route's path in OpenAPI's form: its parents' paths and its own, `:name` as `{name}`. */
function pathOf(routes: Routes, id: string): string {
  const segments: string[] = [];
  let route: Routes[string] | undefined = routes[id];
  while (route) {
    if (route.path) segments.unshift(route.path);
    route = route.parentId ? routes[route.parentId] : undefined;
  }
  return "/" + segments.join("/").replace(/:(\w+)/g, "{$1}");
}

/**
 * Each /api route's path and declaration. A route module without its `api`, serving anything but the
 * declaration's loader and action, or whose operations name other path parameters than its path has, is a
 * mistake this refuses, naming the route. The catch-all (routes/api.$.tsx, the JSON 404 of every other /api
 * path) is no operation.
 */
function declaredRoutes(routes: Routes): [string, Api][] {
  const declared: [string, Api][] = [];
  for (const route of Object.values(routes)) {
    if (!route.id.startsWith("routes/api.") || route.path?.endsWith("*")) continue;
    const module = route.module as { api?: Api; loader?: unknown; action?: unknown };
    const api = module.api;
    if (!api) throw new Error(`${route.id} declares no operations: export const api = defineApi([...])`);
    if (module.loader !== api.loader || module.action !== api.action)
      throw new Error(`${route.id} serves other than it declares: export const { loader, action } = api`);
    const path = pathOf(routes, route.id);
    const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
    for (const op of api.operations) {
      const params = Object.keys(op.params ?? {});
      if (params.sort().join() !== names.sort().join())
        throw new Error(
          `${route.id}: ${op.method} declares the path parameters (${params}), not those of ${path}`,
        );
    }
    declared.push([path, api]);
  }
  return declared.sort(([a], [b]) => (a < b ? -1 : 1));
}

// ---- Parameters ----

/** What each query parameter means, wherever it appears (the schemas say only its type and bounds). */
const QUERY_NOTES: Record<string, string> = {
  limit: "Page size. Without it the whole list comes back (streamed).",
  offset: "Rows to skip before the page.",
  cursor:
    "Opaque: the previous page's `X-Next-Cursor` (`Link` holds the whole next URL). Not with `offset`; " +
    "without `limit` the rest of the list comes back. One that cannot be read, or that another sort wrote, is " +
    "400 `Invalid input` with `errors.cursor`: `Invalid cursor`.",
  search: "Substring to look for, any case.",
  myLeadsOnly: "`true` keeps the leads created by or assigned to the caller.",
  sort: "The column to sort by; the default is the last update, newest first.",
  dir: "Sort direction; each column has its own default.",
  from: "ISO date or date-time: follow-ups at or after it (a date alone is its UTC midnight).",
  to: "ISO date or date-time: follow-ups up to it (a date alone includes that whole UTC day).",
  email: "Leads with this e-mail (trimmed, any case); blank is ignored.",
  firstName: "With lastName: leads with both names (trimmed, any case); blank is ignored.",
  lastName: "With firstName: leads with both names (trimmed, any case); blank is ignored.",
};

/** A query schema's fields as query parameters. */
function queryParameters(schema: z.ZodType): Json[] {
  const json = jsonSchemaOf(schema) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, { description, ...property }]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    description: description ?? QUERY_NOTES[name],
    schema: property,
  }));
}

function pathParameter(name: string, param: PathParam): Json {
  return param.kind === "division"
    ? {
        name,
        in: "path",
        required: true,
        description: `${param.description} Anything else is 400 \`Unknown division\`.`,
        schema: { type: "string", enum: [...DIVISIONS] },
      }
    : {
        name,
        in: "path",
        required: true,
        description: param.description,
        schema: { type: "string", format: "uuid" },
      };
}

const IDEMPOTENCY_KEY = { $ref: "#/components/parameters/IdempotencyKey" };

// ---- Operations ----

/** The wording of the errors that many operations share; each operation says what else its statuses mean. */
const ERROR_TEXT = {
  401:
    "`Unauthorized`: no valid session cookie or bearer token (a bad, revoked or expired token is 401 even " +
    "beside a valid cookie).",
  404: "`Not found`.",
  413: "`Payload too large`: the body is over 1 MiB.",
  415: "`Unsupported media type`: the body must be `application/json`.",
  429: "`Too many requests. Try again later.`: the bearer token passed its rate limit.",
  503:
    "`Service unavailable`: the database cannot be reached, is refusing work (out of disk space, read-only, a " +
    "statement or lock that ran out of time), or no answer could start within 10 s; try again after " +
    "`Retry-After` (a write with the same `Idempotency-Key`).",
};

function errorAnswer(status: number, texts: string[]) {
  return json(
    texts.join(" "),
    ref("Error"),
    status === 409 || status === 429 || status === 503 ? RETRY_AFTER : undefined,
  );
}

const UNSAFE: Method[] = ["POST", "PUT", "PATCH", "DELETE"];
const SIGNED_IN: Access[] = ["signed-in", "admin", "person"];

/**
 * The token scope an operation needs (docs/security.md "API tokens"): admin for user administration, write
 * for any other change, read for the rest; none for one a token cannot call (making a token needs a session),
 * nor for one open to anyone.
 */
function tokenScope(op: ApiOperation): TokenScope | null {
  const access = op.access ?? "signed-in";
  if (access === "admin") return "admin";
  if (access !== "signed-in") return null;
  return UNSAFE.includes(op.method) ? "write" : "read";
}

/**
 * The statuses an operation may answer besides its answers: those its declaration implies (define-api.server.ts
 * makes them), in CONTRACT.md's order of checks, with what it declares itself where the input is checked.
 */
function errorsOf(op: ApiOperation): Map<number, string[]> {
  const errors = new Map<number, string[]>();
  const add = (status: number, text: string) => errors.set(status, [...(errors.get(status) ?? []), text]);
  const given = op.errors ?? {};
  const unlessGiven = (status: number, text: string) => given[status] === undefined && add(status, text);
  const access = op.access ?? "signed-in";
  const signedIn = SIGNED_IN.includes(access);
  const params = Object.values(op.params ?? {});
  const jsonBody = op.body instanceof z.ZodType;
  if (signedIn) {
    unlessGiven(401, ERROR_TEXT[401]);
    add(429, ERROR_TEXT[429]);
  }
  if (jsonBody) {
    add(400, "`Invalid JSON` when the body does not parse.");
    unlessGiven(413, ERROR_TEXT[413]);
    unlessGiven(415, ERROR_TEXT[415]);
  }
  if (params.some((param) => param.kind === "division")) add(400, "`Unknown division`.");
  if (access === "admin") add(403, "`Forbidden`: admins only.");
  if (access === "person") add(403, "`Forbidden` when the request is authenticated by a token.");
  if (params.some((param) => param.kind === "division" && param.access))
    add(403, "`Forbidden`: the division is not in your access.");
  if (params.some((param) => param.kind === "record")) unlessGiven(404, ERROR_TEXT[404]);
  if (op.query || jsonBody) unlessGiven(400, "`Invalid input` (with `errors`).");
  for (const [status, text] of Object.entries(given)) add(Number(status), text);
  if (UNSAFE.includes(op.method))
    add(403, "`Forbidden` for a cross-site request (a foreign `Origin`, or `Sec-Fetch-Site: cross-site`).");
  const scope = tokenScope(op);
  if (scope && scope !== "read")
    add(403, `\`Forbidden\` for a bearer token whose scope is not \`${scope}\` or more.`);
  if (signedIn && UNSAFE.includes(op.method)) {
    add(400, "`Invalid input` with `errors.Idempotency-Key` for a header that is not a key.");
    add(409, "A request with the same `Idempotency-Key` is still running (`Retry-After`).");
    add(422, "`This Idempotency-Key was already used for another request`.");
  }
  add(503, ERROR_TEXT[503]);
  return errors;
}

function documentOperation(op: ApiOperation): Json {
  const access = op.access ?? "signed-in";
  const signedIn = SIGNED_IN.includes(access);
  const scope = tokenScope(op);
  const idempotent = signedIn && UNSAFE.includes(op.method);
  const parameters = [
    ...Object.entries(op.params ?? {}).map(([name, param]) => pathParameter(name, param)),
    ...(op.query ? queryParameters(op.query) : []),
    ...(op.headers ?? []),
    ...(idempotent ? [IDEMPOTENCY_KEY] : []),
  ];
  const responses: Record<string, Json> = { ...op.answers };
  const errors = errorsOf(op);
  for (const status of [...errors.keys()].sort())
    responses[status] = errorAnswer(status, errors.get(status)!);
  const body =
    op.body === undefined
      ? undefined
      : op.body instanceof z.ZodType
        ? { "application/json": { schema: jsonSchemaOf(op.body) } }
        : op.body.content;
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(access === "public" ? { security: [] } : {}),
    // An empty requirement makes the session optional: without one the answer is the same.
    ...(access === "optional-session" ? { security: [{ cookieAuth: [] }, {}] } : {}),
    // OpenAPI 3.1 lets a non-OAuth scheme name the roles it needs: here, the token's scope.
    ...(signedIn
      ? { security: scope ? [{ cookieAuth: [] }, { bearerAuth: [scope] }] : [{ cookieAuth: [] }] }
      : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: body } } : {}),
    responses,
  };
}

const DESCRIPTION = `The CRM's JSON API, as CONTRACT.md defines it.

- Authenticate with the session cookie that \`POST /api/auth/login\` sets, or with a personal API token (\`POST /api/tokens\`) as \`Authorization: Bearer <token>\`; a token past its rate limit is 429 with \`Retry-After\`.
- A request with a body sends \`Content-Type: application/json\` (415 otherwise); a body that does not parse is 400 \`Invalid JSON\`; over 1 MiB is 413.
- Every error answers \`{"message": string, "errors"?: {field: [string]}}\`. Checks run in this order: signed in (401), well-formed request (400, 413, 415), division in the path known (400), allowed (403), record found (404), input valid (400), conflict (409).
- POST, PUT, PATCH and DELETE with a foreign \`Origin\` or \`Sec-Fetch-Site: cross-site\` are 403 (cross-site request forgery).
- Every write takes an \`Idempotency-Key\` header: sent again with the same key, it is carried out once. A bearer token's scope (\`read\`, \`write\`, \`admin\`) bounds what it may call.
- Ids are UUIDs; timestamps are ISO 8601 strings in UTC; \`estimatedValue\` is sent as a number or null and answered as a decimal string with two places. No text may contain a NUL character.
- Lists are bare arrays; \`X-Total-Count\` holds the number of all matches. Paged lists take \`limit\` with \`offset\` or \`cursor\`, and point to the next page with \`X-Next-Cursor\` and \`Link\`.`;

function build(routes: Routes): Json {
  const paths: Record<string, Json> = {};
  for (const [path, api] of declaredRoutes(routes)) {
    paths[path] = Object.fromEntries(
      api.operations.map((op) => [op.method.toLowerCase(), documentOperation(op)]),
    );
  }
  return {
    openapi: "3.1.0",
    info: { title: "Division CRM API", version: "1.0.0", description: DESCRIPTION },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    security: [{ cookieAuth: [] }, { bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        cookieAuth: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session cookie set by `POST /api/auth/login`.",
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description:
            "A personal API token. Its scope, chosen when it is made, bounds what it may call: `read` (GET only), " +
            "`write` (also change the records of its user's divisions) or `admin` (user administration too; an " +
            "admin's token only). Each operation names the scope it needs.",
        },
      },
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER,
          in: "header",
          required: false,
          description:
            "A key of your own, new for each write you mean (a UUID): the same key and request within 24 hours " +
            "is carried out once, and its retries get the first answer again (`Idempotent-Replayed: true`); the " +
            "same key with another request is 422. Only a success is kept. 1 to 255 printable ASCII " +
            'characters, bare or as a quoted string (docs/api.md "Retrying safely").',
          schema: { type: "string", minLength: 1, maxLength: 257 },
        },
      },
      headers: {
        "X-Total-Count": {
          description: "The number of all matches, whatever the page.",
          required: true,
          schema: { type: "integer", minimum: 0 },
        },
        "X-Next-Cursor": {
          description: "When there is a next page: pass it as `cursor` to get it.",
          schema: { type: "string" },
        },
        Link: { description: 'When there is a next page: `<url>; rel="next"`.', schema: { type: "string" } },
        "Retry-After": {
          description: "Seconds to wait before trying again.",
          required: true,
          schema: { type: "integer", minimum: 0 },
        },
      },
      schemas: answerComponents(),
    },
  };
}

let document: Json | undefined;

/**
 * The document of the server build's routes (`routes` of `@remix-run/dev/server-build`), built once per
 * process: it depends on the code only.
 */
export function openApiDocument(routes: Routes): Json {
  document ??= build(routes);
  return document;
}
