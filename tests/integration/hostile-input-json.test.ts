// Random and malicious JSON on every JSON endpoint (issue "Hostile-input tests"): never a 500, and a refusal is
// CONTRACT.md's error body ("JSON API conventions") and changes nothing.
//
// The properties use fast-check with one seed per run, printed at the start: FC_SEED=<seed> replays a run,
// and a failure's report names the seed and the path of the shrunk counterexample.
import crypto from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody, preview } from "../support/answers";
import {
  ApiClient,
  createUser,
  listedUser,
  sessionSetCookie,
  signInAdmin,
  signedInUser,
  uniqueAddress,
  type UserObject,
} from "../support/api-client";
import { contactState, createContact, type ApiContact } from "../support/contacts";
import { rowPrints, storedCounts, tableCounts } from "../support/database";
import { fieldShaped, hex, hostileNumber, hostileString, nearlyValid } from "../support/hostile-values";
import {
  STATUSES,
  createLead,
  createNote,
  leadDetail,
  uniqueToken,
  userWith,
  type ApiLead,
  type ApiNote,
} from "../support/leads";

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : crypto.randomInt(2 ** 31 - 1);
fc.configureGlobal({ seed: SEED, numRuns: 30 });
console.info(`hostile-input-json: fast-check seed ${SEED} (FC_SEED=${SEED} replays this run)`);

/** Property tests talk to the app for every run (and again for every shrinking step on a failure). */
const PROPERTY_TIMEOUT = 120_000;

type JsonTarget = {
  route: string;
  method: string;
  path: () => string;
  client: () => ApiClient;
  fields: string[];
  valid: () => fc.Arbitrary<Record<string, unknown>>;
  /** Everything a refused request must leave as it was. */
  state: () => Promise<unknown>;
  headers?: () => Record<string, string>;
};

let admin: ApiClient;
let seller: Awaited<ReturnType<typeof signedInUser>>;
let lead: ApiLead;
let note: ApiNote;
let contact: ApiContact;
const targetUsers: Record<string, UserObject> = {};

const LEAD_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "position",
  "status",
  "estimatedValue",
  "notes",
  "assignedToId",
  "companyDivision",
];
const CONTACT_FIELDS = ["firstName", "lastName", "email", "phone", "company", "position", "companyDivision"];

/** The user-changing admin routes, each on a target user of its own. */
const USER_ROUTES: [string, string, string, string[], Record<string, unknown>][] = [
  ["PATCH /api/admin/users/{id}/role", "PATCH", "role", ["role"], { role: "SALES_USER" }],
  ["POST /api/admin/users/{id}/company-access", "POST", "company-access", ["company"], { company: "TSS" }],
  ["POST /api/admin/users/{id}/password", "POST", "password", ["password"], { password: "password-456" }],
  [
    "PATCH /api/admin/users/{id}/password",
    "PATCH",
    "password",
    ["newPassword"],
    { newPassword: "password-456" },
  ],
  ["PATCH /api/admin/users/{id}/status", "PATCH", "status", ["isActive"], { isActive: true }],
];

/** What a refused create must leave as it was: how many rows (or records, as the API counts them) there are. */
const createCounts = () => storedCounts(admin);

const JSON_TARGETS: JsonTarget[] = [
  {
    route: "POST /api/leads",
    method: "POST",
    path: () => "/api/leads",
    client: () => seller.client,
    fields: LEAD_FIELDS,
    valid: () =>
      fc.record({
        firstName: fc.constant("Lena"),
        lastName: fc.constant("Lead"),
        email: hex.map((token) => `${token}@hostile.example`),
        company: hex.map((token) => `Hostile ${token}`),
        companyDivision: fc.constantFrom("TSS", "NLH"),
      }),
    state: createCounts,
  },
  {
    route: "PATCH /api/leads/{id}",
    method: "PATCH",
    path: () => `/api/leads/${lead.id}`,
    client: () => seller.client,
    fields: [...LEAD_FIELDS, "version"],
    valid: () => fc.record({ firstName: fc.constant("Lena"), status: fc.constantFrom(...STATUSES) }),
    state: async () => ({
      detail: await leadDetail(seller.client, lead.id),
      db: await rowPrints([lead.id]),
      counts: await tableCounts(),
    }),
  },
  {
    route: "POST /api/contacts",
    method: "POST",
    path: () => "/api/contacts",
    client: () => seller.client,
    fields: CONTACT_FIELDS,
    valid: () =>
      fc.record({
        firstName: fc.constant("Cora"),
        lastName: fc.constant("Contact"),
        email: hex.map((token) => `${token}@hostile.example`),
        company: hex.map((token) => `Quarry ${token}`),
        companyDivision: fc.constantFrom("TSS", "NLH"),
      }),
    state: createCounts,
  },
  {
    route: "PATCH /api/contacts/{id}",
    method: "PATCH",
    path: () => `/api/contacts/${contact.id}`,
    client: () => seller.client,
    fields: CONTACT_FIELDS,
    valid: () => fc.record({ firstName: fc.constant("Cora"), phone: fc.constant("01632 960000") }),
    state: async () => ({ contact: await contactState(seller.client, contact), counts: await tableCounts() }),
  },
  {
    route: "POST /api/notes",
    method: "POST",
    path: () => "/api/notes",
    client: () => seller.client,
    fields: ["leadId", "content", "followUpDate", "noteType", "voiceDuration"],
    valid: () =>
      fc.record({
        leadId: fc.constant(lead.id),
        content: fc.constant("A note"),
        followUpDate: fc.constantFrom("2030-01-15", "2030-01-15T10:00:00Z", null),
        noteType: fc.constantFrom("TEXT", "VOICE"),
        voiceDuration: fc.constantFrom(0, 12, null),
      }),
    state: async () => ({ detail: await leadDetail(seller.client, lead.id), counts: await tableCounts() }),
  },
  {
    route: "PATCH /api/notes/{id}",
    method: "PATCH",
    path: () => `/api/notes/${note.id}`,
    client: () => seller.client,
    fields: ["isFollowUpComplete"],
    valid: () => fc.constant({ isFollowUpComplete: true }),
    state: async () => ({
      detail: await leadDetail(seller.client, lead.id),
      db: await rowPrints([note.id]),
      counts: await tableCounts(),
    }),
  },
  {
    route: "POST /api/admin/users",
    method: "POST",
    path: () => "/api/admin/users",
    client: () => admin,
    fields: ["email", "firstName", "lastName", "password", "role", "companies"],
    valid: () =>
      fc.record({
        email: hex.map((token) => `hostile.${token}@test.example`),
        firstName: fc.constant("Hal"),
        lastName: fc.constant("Hostile"),
        password: fc.constant("password-123"),
        role: fc.constant("SALES_USER"),
        companies: fc.constantFrom(["TSS"], ["NLH"], ["TSS", "NLH"]),
      }),
    state: createCounts,
  },
  {
    route: "POST /api/tokens",
    method: "POST",
    path: () => "/api/tokens",
    client: () => seller.client,
    fields: ["name", "expiresInDays"],
    valid: () =>
      fc.record({ name: fc.constant("Hostile script"), expiresInDays: fc.constantFrom(7, 30, 90, 365) }),
    state: createCounts,
  },
  ...USER_ROUTES.map(([route, method, suffix, fields, valid]): JsonTarget => ({
    route,
    method,
    path: () => `/api/admin/users/${targetUsers[route].id}/${suffix}`,
    client: () => admin,
    fields,
    valid: () => fc.constant(valid),
    state: async () => ({
      user: await listedUser(admin, targetUsers[route]),
      db: await rowPrints([targetUsers[route].id]),
      counts: await tableCounts(),
    }),
  })),
  {
    route: "POST /api/auth/login",
    method: "POST",
    path: () => "/api/auth/login",
    // A client without a session, from an address of its own each time (the shared address keeps its budget).
    client: () => new ApiClient(),
    headers: () => ({ "x-forwarded-for": uniqueAddress() }),
    fields: ["username", "password"],
    valid: () =>
      fc.record({
        username: fc.oneof(
          hex.map((token) => `nobody.${token}@test.example`),
          fc.constant(targetUsers.login?.email ?? "nobody@test.example"),
        ),
        password: fc.constant("wrong-password-1"),
      }),
    // A failed sign-in is recorded (audit row, attempt count); nothing else may change, no session appears.
    state: async () => ({
      counts: await tableCounts(["audit_log", "login_attempts"]),
      user: await rowPrints([targetUsers.login.id]),
    }),
  },
];

const CREATES = [
  "POST /api/leads",
  "POST /api/contacts",
  "POST /api/notes",
  "POST /api/admin/users",
  "POST /api/tokens",
];

async function sendHostile(target: JsonTarget, body: unknown) {
  const before = await target.state();
  const result = await target.client().request(target.method, target.path(), {
    json: body,
    headers: target.headers?.(),
  });
  const what = `${target.route} with ${preview(body)} answered ${result.status} ${preview(result.body)}`;
  expect(result.status, what).toBeLessThan(500);
  expect(result.status, what).toBeGreaterThanOrEqual(200);
  expect(result.status >= 300 && result.status < 400, what).toBe(false);
  if (result.status >= 400) {
    expectErrorBody(result, what);
    if (target.route === "POST /api/auth/login") expect(sessionSetCookie(result.headers), what).toBeNull();
    expect(await target.state(), `${what}: the refused request changed something`).toEqual(before);
  } else {
    // Random input that happens to be valid: 201 for a create, 200 for a change, with the object.
    expect(result.status, what).toBe(CREATES.includes(target.route) ? 201 : 200);
    expect(
      result.body !== null && typeof result.body === "object" && typeof result.body.id === "string",
      what,
    ).toBe(true);
  }
}

describe("random and malicious JSON bodies on every JSON endpoint", () => {
  beforeAll(async () => {
    admin = await signInAdmin();
    seller = await userWith(["TSS", "NLH"]);
    lead = await createLead(seller.client, { company: `Target ${uniqueToken()}` });
    note = await createNote(seller.client, lead.id, { followUpDate: "2030-01-10" });
    contact = await createContact(seller.client);
    for (const [route] of USER_ROUTES) targetUsers[route] = await createUser(admin, { companies: ["TSS"] });
    targetUsers.login = await createUser(admin);
  });

  it.each(JSON_TARGETS.map((target) => [target.route, target] as const))(
    "%s: any JSON value at all",
    async (_route, target) => {
      const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileString, hostileNumber);
      await fc.assert(
        fc.asyncProperty(anyJson, (body) => sendHostile(target, body)),
        { numRuns: 25 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it.each(JSON_TARGETS.map((target) => [target.route, target] as const))(
    "%s: its own fields with values of any type, and unknown fields",
    async (_route, target) => {
      const bodies = fc.oneof(fieldShaped(target.fields), nearlyValid(target.fields, target.valid()));
      await fc.assert(
        fc.asyncProperty(bodies, (body) => sendHostile(target, body)),
        { numRuns: 35 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
