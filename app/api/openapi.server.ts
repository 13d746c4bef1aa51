import * as z from "zod";
import type { TokenScope } from "~/models/api-token";
import { createTokenSchema } from "~/models/api-token.schema";
import { auditQuerySchema } from "~/models/audit.schema";
import {
  companySearchSchema,
  contactListParamsSchema,
  createContactSchema,
  updateContactSchema,
} from "~/models/contact.schema";
import { followUpRangeSchema } from "~/models/follow-up.schema";
import {
  createLeadSchema,
  duplicateQuerySchema,
  leadListParamsSchema,
  updateLeadSchema,
} from "~/models/lead.schema";
import { completeFollowUpSchema, createNoteSchema } from "~/models/note.schema";
import { AUDIO_TYPES } from "~/models/note.server";
import {
  changePasswordInputSchema,
  companyInputSchema,
  createUserSchema,
  roleInputSchema,
  setPasswordInputSchema,
  statusInputSchema,
  userListParamsSchema,
} from "~/models/user.schema";
import { DIVISIONS } from "~/utils/divisions";
import { IDEMPOTENCY_HEADER } from "~/utils/idempotency-key";
import { pagingSchema } from "~/utils/paging";
import { SESSION_COOKIE } from "~/http/session-cookie.server";
import { ANSWERS, loginBody, type AnswerName } from "./answers";

/**
 * The OpenAPI 3.1 document of every /api route (CONTRACT.md), built from the zod schemas the routes parse
 * their input with and the answer schemas of answers.ts. Served at /api/openapi.json and rendered at
 * /api/docs; tests/integration/openapi.test.ts fails when a route is missing or an answer does not match.
 */

type Json = Record<string, unknown>;
type Method = "get" | "post" | "put" | "patch" | "delete";

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

const ref = (name: AnswerName) => ({ $ref: `#/components/schemas/${name}` });
const listOf = (name: AnswerName) => ({ type: "array", items: ref(name) });

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

/** A paged list's query: its schema's parameters, and `cursor` until utils/paging.ts declares it itself. */
function pagedQuery(schema: z.ZodType): Json[] {
  const parameters = queryParameters(schema);
  if (parameters.some((parameter) => parameter.name === "cursor")) return parameters;
  return [
    ...parameters,
    {
      name: "cursor",
      in: "query",
      required: false,
      description: QUERY_NOTES.cursor,
      schema: { type: "string" },
    },
  ];
}

const divisionParam = (name: string, description = "A division; one not in your access is 403.") => ({
  name,
  in: "path",
  required: true,
  description: `${description} Anything else is 400 \`Unknown division\`.`,
  schema: { type: "string", enum: [...DIVISIONS] },
});

/** A record's id; division records in a division the caller cannot access are "not found" too. */
const idParam = (name: string, what: string, inDivision = true) => ({
  name,
  in: "path",
  required: true,
  description:
    `The ${what}'s id. A malformed or unknown id` +
    (inDivision ? ", or one in a division you cannot access, is 404." : " is 404."),
  schema: { type: "string", format: "uuid" },
});

// ---- Answers ----

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
/** The headers of a list answer; the paged lists also point to their next page. */
const COUNTED = { "X-Total-Count": headerRef("X-Total-Count") };
const PAGED = { ...COUNTED, "X-Next-Cursor": headerRef("X-Next-Cursor"), Link: headerRef("Link") };

function json(description: string, schema: Json, headers?: Json): Json {
  return { description, ...(headers ? { headers } : {}), content: { "application/json": { schema } } };
}

const redirectHome = (description: string, headers: Json = {}) => ({
  description,
  headers: { Location: { description: "`/`", schema: { type: "string" } }, ...headers },
});

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
const RETRY_AFTER = { "Retry-After": headerRef("Retry-After") };

function errorAnswer(status: number, texts: string[]): Json {
  return json(
    texts.join(" "),
    ref("Error"),
    status === 409 || status === 429 || status === 503 ? RETRY_AFTER : undefined,
  );
}

// ---- Operations ----

type Operation = {
  id: string;
  tag: string;
  summary: string;
  description?: string;
  parameters?: Json[];
  /** A JSON body, by the zod schema the route parses it with (or by hand where it has none). */
  body?: z.ZodType | Json;
  /** A body of another type (voice audio). */
  rawBody?: Json;
  answers: Record<number, Json>;
  /** What each error status means here; 401, 503 and those of a JSON body or an unsafe method are added. */
  errors?: Record<number, string>;
  /** Who may call: signed in (the default), anyone, or anyone with an optional session. */
  access?: "signed-in" | "public" | "optional-session";
};

const UNSAFE: Method[] = ["post", "put", "patch", "delete"];

/**
 * The token scope an operation needs (docs/security.md "API tokens"): admin for user administration, write
 * for any other change, read for the rest; none for one a token cannot call (making a token needs a session).
 */
function tokenScope(method: Method, op: Operation): TokenScope | null {
  if (op.id === "createToken") return null;
  if (op.tag === "Administration") return "admin";
  return UNSAFE.includes(method) ? "write" : "read";
}

const IDEMPOTENCY_KEY = { $ref: "#/components/parameters/IdempotencyKey" };

function operation(method: Method, op: Operation): Json {
  const errors = new Map<number, string[]>();
  const add = (status: number, text: string) => errors.set(status, [...(errors.get(status) ?? []), text]);
  for (const [status, text] of Object.entries(op.errors ?? {})) add(Number(status), text);
  const access = op.access ?? "signed-in";
  if (access === "signed-in") {
    if (!errors.has(401)) add(401, ERROR_TEXT[401]);
    add(429, ERROR_TEXT[429]);
  }
  if (op.body) {
    add(400, "`Invalid JSON` when the body does not parse.");
    if (!errors.has(413)) add(413, ERROR_TEXT[413]);
    if (!errors.has(415)) add(415, ERROR_TEXT[415]);
  }
  const scope = tokenScope(method, op);
  if (UNSAFE.includes(method))
    add(403, "`Forbidden` for a cross-site request (a foreign `Origin`, or `Sec-Fetch-Site: cross-site`).");
  if (scope && scope !== "read")
    add(403, `\`Forbidden\` for a bearer token whose scope is not \`${scope}\` or more.`);
  const idempotent = access === "signed-in" && UNSAFE.includes(method);
  if (idempotent) {
    add(400, "`Invalid input` with `errors.Idempotency-Key` for a header that is not a key.");
    add(409, "A request with the same `Idempotency-Key` is still running (`Retry-After`).");
    add(422, "`This Idempotency-Key was already used for another request`.");
  }
  add(503, ERROR_TEXT[503]);

  const body = op.body instanceof z.ZodType ? jsonSchemaOf(op.body) : op.body;
  const responses: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(op.answers)) responses[status] = answer;
  for (const status of [...errors.keys()].sort())
    responses[status] = errorAnswer(status, errors.get(status)!);

  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(access === "public" ? { security: [] } : {}),
    // An empty requirement makes the session optional: without one the answer is the same.
    ...(access === "optional-session" ? { security: [{ cookieAuth: [] }, {}] } : {}),
    // OpenAPI 3.1 lets a non-OAuth scheme name the roles it needs: here, the token's scope.
    ...(access === "signed-in"
      ? { security: scope ? [{ cookieAuth: [] }, { bearerAuth: [scope] }] : [{ cookieAuth: [] }] }
      : {}),
    ...(op.parameters?.length || idempotent
      ? { parameters: [...(op.parameters ?? []), ...(idempotent ? [IDEMPOTENCY_KEY] : [])] }
      : {}),
    ...(body
      ? { requestBody: { required: true, content: { "application/json": { schema: body } } } }
      : op.rawBody
        ? { requestBody: op.rawBody }
        : {}),
    responses,
  };
}

const audioContent = Object.fromEntries(
  AUDIO_TYPES.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]),
);

/** A lead list: the active (`/api/leads/{key}`) or archived one. */
function leadList(archived: boolean): Operation {
  return {
    id: archived ? "listArchivedLeads" : "listLeads",
    tag: "Leads",
    summary: archived ? "List a division's archived leads" : "List a division's active leads",
    description:
      "Newest update first unless sorted. A bare array; the number of all matches is in `X-Total-Count`. " +
      "Without `limit` the whole list comes back.",
    parameters: [divisionParam("key"), ...pagedQuery(leadListParamsSchema)],
    answers: { 200: json("The leads.", listOf("Lead"), PAGED) },
    errors: {
      400: "`Unknown division`; `Invalid input` (with `errors`) for a query parameter, a bad `cursor` included.",
      403: "`Forbidden`: the division is not in your access.",
    },
  };
}

/** A change to one user under /api/admin/users/{userId}/…, which all answer 200 with the user. */
function userChange(
  id: string,
  summary: string,
  body: z.ZodType,
  errors: Record<number, string> = {},
): Operation {
  return {
    id,
    tag: "Administration",
    summary,
    parameters: [idParam("userId", "user", false)],
    body,
    answers: { 200: json("The changed user.", ref("User")) },
    errors: { 400: "`Invalid input` (with `errors`).", 403: "`Forbidden`: admins only.", ...errors },
  };
}

const DIVISION_ACCESS = "`Forbidden`: the division is not in your access.";

/** Every documented path: the file app/routes/api.{path}.tsx serves it. */
function paths(): Record<string, Partial<Record<Method, Operation>>> {
  return {
    "/api/auth/login": {
      post: {
        id: "signIn",
        tag: "Authentication",
        summary: "Sign in",
        description:
          "Starts a session: the answer sets the session cookie. The username is the e-mail, any case.",
        access: "public",
        body: jsonSchemaOf(loginBody),
        answers: {
          200: json("The signed-in user. `Set-Cookie` carries the new session.", ref("User"), {
            "Set-Cookie": {
              description: `\`${SESSION_COOKIE}=…; HttpOnly; SameSite=Lax\``,
              schema: { type: "string" },
            },
          }),
        },
        errors: {
          400: "`Please enter both username and password` when either is blank.",
          401: "`Invalid username or password`: a wrong password, an unknown or an inactive user alike.",
          429: "`Too many sign-in attempts. Try again later.` after 10 failures for one username, or 100 from one address, within 15 minutes.",
        },
      },
    },
    "/api/auth/user": {
      get: {
        id: "currentUser",
        tag: "Authentication",
        summary: "The signed-in user",
        answers: { 200: json("The current user.", ref("User")) },
      },
    },
    "/api/login": {
      get: {
        id: "relogin",
        tag: "Authentication",
        summary: "Re-login",
        description: "Goes to the app, which shows the login screen to a visitor who is not signed in.",
        access: "public",
        answers: { 302: redirectHome("To the app.") },
      },
    },
    "/api/admin/login": {
      get: {
        id: "adminLogin",
        tag: "Authentication",
        summary: "Provider-based admin sign-in",
        description: "No provider is configured: goes to the app's login screen.",
        access: "public",
        answers: { 302: redirectHome("To the app.") },
      },
    },
    "/api/logout": Object.fromEntries(
      (["get", "post"] as const).map((method) => [
        method,
        {
          id: method === "get" ? "signOut" : "signOutByPost",
          tag: "Authentication",
          summary: "Sign out",
          description: "Ends this session (not the user's others) and goes to the app.",
          access: "optional-session",
          answers: {
            302: redirectHome("To the app; `Set-Cookie` clears the session cookie.", {
              "Set-Cookie": { schema: { type: "string" } },
            }),
          },
        } satisfies Operation,
      ]),
    ),

    "/api/leads": {
      post: {
        id: "createLead",
        tag: "Leads",
        summary: "Create a lead",
        description:
          "Links the lead to the division's contact with the same e-mail, or creates one from the lead's person fields.",
        body: createLeadSchema,
        answers: { 201: json("The created lead.", ref("Lead")) },
        errors: { 400: "`Invalid input` (with `errors`).", 403: DIVISION_ACCESS },
      },
    },
    "/api/leads/{key}": {
      get: leadList(false),
      patch: {
        id: "updateLead",
        tag: "Leads",
        summary: "Update a lead",
        description:
          "Here `{key}` is a lead's id. Any subset of the fields; absent ones keep their value. With `version`, a save " +
          "based on an older read is refused (409) and nothing changes.",
        parameters: [idParam("key", "lead")],
        body: updateLeadSchema,
        answers: { 200: json("The updated lead.", ref("Lead")) },
        errors: {
          400: "`Invalid input` (with `errors`).",
          404: ERROR_TEXT[404],
          409: "`This lead was changed by someone else. Reload and try again.`",
        },
      },
      delete: {
        id: "archiveLead",
        tag: "Leads",
        summary: "Archive a lead",
        description: "Here `{key}` is a lead's id.",
        parameters: [idParam("key", "lead")],
        answers: { 200: json("The archived lead.", ref("Lead")) },
        errors: { 404: ERROR_TEXT[404] },
      },
    },
    "/api/leads/{key}/archived": { get: leadList(true) },
    "/api/leads/{key}/duplicates": {
      get: {
        id: "findDuplicateLeads",
        tag: "Leads",
        summary: "Find possible duplicates",
        description:
          "The division's leads, active and archived, with the given e-mail, or with both the given names. All blank gives `[]`.",
        parameters: [divisionParam("key"), ...queryParameters(duplicateQuerySchema)],
        answers: { 200: json("The matching leads.", listOf("Lead")) },
        errors: { 400: "`Unknown division`; `Invalid input` for a query parameter.", 403: DIVISION_ACCESS },
      },
    },
    "/api/leads/{key}/export.csv": {
      get: {
        id: "exportLeads",
        tag: "Leads",
        summary: "Export a division's leads as CSV",
        description:
          "RFC 4180, UTF-8, with a header row, streamed as an attachment; recorded in the audit log.",
        parameters: [divisionParam("key")],
        answers: {
          200: {
            description: "The CSV file.",
            headers: { "Content-Disposition": { schema: { type: "string" } } },
            content: { "text/csv": { schema: { type: "string" } } },
          },
        },
        errors: { 400: "`Unknown division`.", 403: DIVISION_ACCESS },
      },
    },
    "/api/leads/{key}/unarchive": {
      patch: {
        id: "restoreLead",
        tag: "Leads",
        summary: "Restore an archived lead",
        description: "Here `{key}` is a lead's id. No body.",
        parameters: [idParam("key", "lead")],
        answers: { 200: json("The restored lead.", ref("Lead")) },
        errors: { 404: ERROR_TEXT[404] },
      },
    },
    "/api/leads/detail/{id}": {
      get: {
        id: "getLeadDetail",
        tag: "Leads",
        summary: "A lead with its progress and notes",
        parameters: [idParam("id", "lead")],
        answers: { 200: json("The lead detail.", ref("LeadDetail")) },
        errors: { 404: ERROR_TEXT[404] },
      },
    },

    "/api/contacts": {
      post: {
        id: "createContact",
        tag: "Contacts",
        summary: "Create a contact",
        body: createContactSchema,
        answers: { 201: json("The created contact.", ref("Contact")) },
        errors: { 400: "`Invalid input` (with `errors`).", 403: DIVISION_ACCESS },
      },
    },
    "/api/contacts/{key}": {
      get: {
        id: "listContacts",
        tag: "Contacts",
        summary: "List a division's contacts",
        description:
          "Here `{key}` is a division. By company, then name; `X-Total-Count` holds the number of matches. " +
          "Without `limit` the whole list comes back.",
        parameters: [divisionParam("key"), ...pagedQuery(contactListParamsSchema)],
        answers: { 200: json("The contacts.", listOf("Contact"), PAGED) },
        errors: {
          400: "`Unknown division`; `Invalid input` (with `errors`) for a query parameter, a bad `cursor` included.",
          403: DIVISION_ACCESS,
        },
      },
      patch: {
        id: "updateContact",
        tag: "Contacts",
        summary: "Update a contact",
        description:
          "Here `{key}` is a contact's id. Any subset of the fields; absent ones keep their value.",
        parameters: [idParam("key", "contact")],
        body: updateContactSchema,
        answers: { 200: json("The updated contact.", ref("Contact")) },
        errors: { 400: "`Invalid input` (with `errors`).", 404: ERROR_TEXT[404] },
      },
    },
    "/api/contacts/{id}/leads": {
      get: {
        id: "listContactLeads",
        tag: "Contacts",
        summary: "A contact's related leads",
        description:
          "The division's leads whose company is the contact's (trimmed, any case), and those it is the main contact of: " +
          "those first, then newest update. Without `limit` the whole list comes back.",
        parameters: [idParam("id", "contact"), ...pagedQuery(pagingSchema)],
        answers: { 200: json("The related leads.", listOf("Lead"), PAGED) },
        errors: {
          400: "`Invalid input` (with `errors`) for a query parameter, a bad `cursor` included.",
          404: ERROR_TEXT[404],
        },
      },
    },
    "/api/companies/{division}": {
      get: {
        id: "suggestCompanies",
        tag: "Contacts",
        summary: "Company name suggestions",
        description:
          "The division's lead companies containing `search`, de-duplicated and sorted, at most 5.",
        parameters: [divisionParam("division"), ...queryParameters(companySearchSchema)],
        answers: { 200: json("Company names.", { type: "array", items: { type: "string" }, maxItems: 5 }) },
        errors: { 400: "`Unknown division`; `Invalid input` for `search`.", 403: DIVISION_ACCESS },
      },
    },

    "/api/dashboard/stats/{division}": {
      get: {
        id: "dashboardStats",
        tag: "Dashboard",
        summary: "A division's dashboard figures",
        description: "Over non-archived leads, with each figure's change from last month (UTC).",
        parameters: [divisionParam("division")],
        answers: { 200: json("The figures.", ref("DashboardStats")) },
        errors: { 400: "`Unknown division`.", 403: DIVISION_ACCESS },
      },
    },

    "/api/follow-ups/{division}": {
      get: {
        id: "listFollowUps",
        tag: "Notes and follow-ups",
        summary: "A division's follow-ups",
        description: "Notes with a follow-up date on the division's non-archived leads, soonest first.",
        parameters: [divisionParam("division"), ...queryParameters(followUpRangeSchema)],
        answers: { 200: json("The follow-ups.", listOf("FollowUp")) },
        errors: { 400: "`Unknown division`; `Invalid input` for `from` or `to`.", 403: DIVISION_ACCESS },
      },
    },
    "/api/notes": {
      post: {
        id: "createNote",
        tag: "Notes and follow-ups",
        summary: "Add a note to a lead",
        description:
          "A date alone as `followUpDate` means 09:00 UTC that day. `voiceDuration` is kept for VOICE notes only.",
        body: withLeadId(jsonSchemaOf(createNoteSchema)),
        answers: { 201: json("The created note.", ref("Note")) },
        errors: {
          400: "`Invalid input` (with `errors`).",
          404: "`Not found`: the lead is unknown, malformed, or in a division you cannot access.",
        },
      },
    },
    "/api/notes/{id}": {
      patch: {
        id: "completeFollowUp",
        tag: "Notes and follow-ups",
        summary: "Mark a follow-up complete",
        parameters: [idParam("id", "note")],
        body: completeFollowUpSchema,
        answers: { 200: json("The note.", ref("Note")) },
        errors: { 400: "`Invalid input`: not `true`, or the note has no follow-up.", 404: ERROR_TEXT[404] },
      },
    },
    "/api/notes/{id}/audio": {
      get: {
        id: "getNoteAudio",
        tag: "Notes and follow-ups",
        summary: "Play a voice note's recording",
        description: "Supports byte range requests (`Range: bytes=…`), so a player can seek.",
        parameters: [
          idParam("id", "note"),
          {
            name: "Range",
            in: "header",
            required: false,
            schema: { type: "string" },
            description: "`bytes=start-end`",
          },
        ],
        answers: {
          200: { description: "The whole recording.", content: audioContent },
          206: {
            description: "The requested range.",
            headers: { "Content-Range": { schema: { type: "string" } } },
            content: audioContent,
          },
          416: {
            description: "The range lies outside the recording; `Content-Range: bytes */size`.",
            headers: { "Content-Range": { schema: { type: "string" } } },
          },
        },
        errors: { 404: "`Not found`: no such note, or it has no recording." },
      },
      put: {
        id: "storeNoteAudio",
        tag: "Notes and follow-ups",
        summary: "Store a voice note's recording",
        description: "The body is the recording itself (a `codecs` parameter is fine), at most 10 MiB.",
        parameters: [idParam("id", "note")],
        rawBody: { required: true, content: audioContent },
        answers: { 200: json("The note.", ref("Note")) },
        errors: {
          400: "`Invalid input`: the recording is empty, or the note is not a voice note.",
          404: ERROR_TEXT[404],
          413: "`Payload too large`: over 10 MiB.",
          415: "`Unsupported media type`: not audio/webm, audio/ogg or audio/mp4.",
        },
      },
    },

    "/api/tokens": {
      get: {
        id: "listOwnTokens",
        tag: "API tokens",
        summary: "Your API tokens",
        description: "Newest first, whatever their status.",
        answers: { 200: json("The tokens.", listOf("ApiToken"), COUNTED) },
      },
      post: {
        id: "createToken",
        tag: "API tokens",
        summary: "Create an API token",
        description:
          "The answer holds the token itself, this once (only its hash is kept). Made by a person signed in " +
          "with the session cookie, never by another token.",
        body: createTokenSchema,
        answers: { 201: json("The created token, with `token`.", ref("CreatedApiToken")) },
        errors: {
          400: "`Invalid input` (with `errors`).",
          403: "`Forbidden` when the request is authenticated by a token.",
        },
      },
    },
    "/api/tokens/{id}": {
      delete: {
        id: "revokeToken",
        tag: "API tokens",
        summary: "Revoke an API token",
        description:
          "Your own, or anyone's for an admin; it stops working at once. A revoked token is answered as it is.",
        parameters: [idParam("id", "token", false)],
        answers: { 200: json("The revoked token.", ref("ApiToken")) },
        errors: { 404: "`Not found`: no such token, or another user's (for a non-admin)." },
      },
    },
    "/api/admin/tokens": {
      get: {
        id: "listAllTokens",
        tag: "Administration",
        summary: "Every user's API tokens",
        description: "Newest first, with their user.",
        answers: { 200: json("The tokens.", listOf("OwnedApiToken"), COUNTED) },
        errors: { 403: "`Forbidden`: admins only." },
      },
    },
    "/api/admin/users": {
      get: {
        id: "listUsers",
        tag: "Administration",
        summary: "List users",
        description: "With their company access. `search` looks in names and e-mails.",
        parameters: pagedQuery(userListParamsSchema),
        answers: { 200: json("The users.", listOf("User"), PAGED) },
        errors: {
          400: "`Invalid input` (with `errors`) for a query parameter, a bad `cursor` included.",
          403: "`Forbidden`: admins only.",
        },
      },
      post: {
        id: "createUser",
        tag: "Administration",
        summary: "Create a user",
        body: createUserSchema,
        answers: { 201: json("The created user.", ref("User")) },
        errors: {
          400: "`Invalid input` (with `errors`).",
          403: "`Forbidden`: admins only.",
          409: "`A user with this email already exists`.",
        },
      },
    },
    "/api/admin/users/{userId}/role": {
      patch: userChange("changeUserRole", "Change a user's role", roleInputSchema, {
        409: "`The last active admin cannot be demoted or deactivated`.",
      }),
    },
    "/api/admin/users/{userId}/status": {
      patch: userChange("setUserStatus", "Activate or deactivate a user", statusInputSchema, {
        409: "`The last active admin cannot be demoted or deactivated`.",
      }),
    },
    "/api/admin/users/{userId}/password": {
      post: userChange("setUserPassword", "Set a first password", setPasswordInputSchema, {
        409: "`This user already has a password; change it instead`.",
      }),
      patch: userChange("changeUserPassword", "Change a password", changePasswordInputSchema, {
        409: "`This user has no password yet; set one instead`. A change ends the user's other sessions.",
      }),
    },
    "/api/admin/users/{userId}/company-access": {
      post: userChange("grantCompanyAccess", "Grant access to a division", companyInputSchema),
    },
    "/api/admin/users/{userId}/company-access/{company}": {
      delete: {
        id: "revokeCompanyAccess",
        tag: "Administration",
        summary: "Revoke access to a division",
        parameters: [idParam("userId", "user", false), divisionParam("company", "The division to revoke.")],
        answers: { 200: json("The changed user.", ref("User")) },
        errors: {
          400: "`Unknown division`; `Invalid input` when it is the user's last division.",
          403: "`Forbidden`: admins only.",
          404: ERROR_TEXT[404],
        },
      },
    },
    "/api/admin/audit-log": {
      get: {
        id: "listAuditLog",
        tag: "Administration",
        summary: "The audit log",
        description: "Newest first. Sign-ins, record changes, exports and permission changes.",
        parameters: pagedQuery(auditQuerySchema),
        answers: { 200: json("The entries.", listOf("AuditEntry"), PAGED) },
        errors: {
          400: "`Invalid input` (with `errors`) for a query parameter, a bad `cursor` included.",
          403: "`Forbidden`: admins only.",
        },
      },
    },

    "/api/openapi.json": {
      get: {
        id: "openApiDocument",
        tag: "API documentation",
        summary: "This document (OpenAPI 3.1)",
        access: "public",
        answers: { 200: json("The OpenAPI document.", { type: "object" }) },
      },
    },
    "/api/docs": {
      get: {
        id: "apiReference",
        tag: "API documentation",
        summary: "This document as a readable page",
        access: "public",
        answers: {
          200: { description: "An HTML page.", content: { "text/html": { schema: { type: "string" } } } },
        },
      },
    },
  };
}

/** POST /api/notes: the route reads `leadId` on its own (an unknown lead is 404), then the note's schema. */
function withLeadId(note: Json): Json {
  const { properties, required = [] } = note as { properties: Json; required?: string[] };
  return {
    ...note,
    properties: { leadId: { type: "string", format: "uuid" }, ...properties },
    required: ["leadId", ...required],
  };
}

const TAGS = [
  ["Authentication", "Sessions: sign in, the current user, sign out."],
  ["Leads", "Leads of a division, their lists, detail, archive and export."],
  ["Contacts", "Contacts of a division and their related leads."],
  ["Dashboard", "A division's figures."],
  ["Notes and follow-ups", "Notes on leads, follow-up dates, voice recordings."],
  ["API tokens", "Personal API tokens, for scripts: `Authorization: Bearer <token>`."],
  [
    "Administration",
    "Users, their roles and division access, everyone's API tokens, the audit log. Admins only.",
  ],
  ["API documentation", "This document."],
];

const DESCRIPTION = `The CRM's JSON API, as CONTRACT.md defines it.

- Authenticate with the session cookie that \`POST /api/auth/login\` sets, or with a personal API token (\`POST /api/tokens\`) as \`Authorization: Bearer <token>\`; a token past its rate limit is 429 with \`Retry-After\`.
- A request with a body sends \`Content-Type: application/json\` (415 otherwise); a body that does not parse is 400 \`Invalid JSON\`; over 1 MiB is 413.
- Every error answers \`{"message": string, "errors"?: {field: [string]}}\`. Checks run in this order: signed in (401), well-formed request (400, 413, 415), division in the path known (400), allowed (403), record found (404), input valid (400), conflict (409).
- POST, PUT, PATCH and DELETE with a foreign \`Origin\` or \`Sec-Fetch-Site: cross-site\` are 403 (cross-site request forgery).
- Every write takes an \`Idempotency-Key\` header: sent again with the same key, it is carried out once. A bearer token's scope (\`read\`, \`write\`, \`admin\`) bounds what it may call.
- Ids are UUIDs; timestamps are ISO 8601 strings in UTC; \`estimatedValue\` is sent as a number or null and answered as a decimal string with two places. No text may contain a NUL character.
- Lists are bare arrays; \`X-Total-Count\` holds the number of all matches. Paged lists take \`limit\` with \`offset\` or \`cursor\`, and point to the next page with \`X-Next-Cursor\` and \`Link\`.`;

function build(): Json {
  const documentPaths: Record<string, Json> = {};
  for (const [path, operations] of Object.entries(paths())) {
    documentPaths[path] = Object.fromEntries(
      Object.entries(operations).map(([method, op]) => [method, operation(method as Method, op)]),
    );
  }
  return {
    openapi: "3.1.0",
    info: { title: "Division CRM API", version: "1.0.0", description: DESCRIPTION },
    tags: TAGS.map(([name, description]) => ({ name, description })),
    security: [{ cookieAuth: [] }, { bearerAuth: [] }],
    paths: documentPaths,
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

/** The document, built once per process: it depends on the code only. */
export function openApiDocument(): Json {
  document ??= build();
  return document;
}
