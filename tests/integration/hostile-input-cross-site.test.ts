// Cross-site request forgery (issue "Hostile-input tests"): every unsafe route, of the JSON API and of the
// pages' forms, refuses a request another site makes a signed-in browser send (403), and changes nothing;
// the same request sent by a script goes through.
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN, preview } from "../support/answers";
import {
  ApiClient,
  baseUrl,
  createUser,
  listedUser,
  sessionSetCookie,
  signIn,
  signInAdmin,
  signedInUser,
  uniqueAddress,
  uniqueEmail,
  type ApiResult,
  type UserObject,
} from "../support/api-client";
import { contactInput, contactState, createContact, type ApiContact } from "../support/contacts";
import { databaseUrl, rowPrints, storedCounts, testSql } from "../support/database";
import {
  createLead,
  createNote,
  leadDetail,
  leadInput,
  uniqueToken,
  type ApiLead,
  type ApiNote,
} from "../support/leads";

const EVIL_HEADERS: [string, () => Record<string, string>][] = [
  ["Origin: https://evil.example", () => ({ origin: "https://evil.example" })],
  ["Sec-Fetch-Site: cross-site", () => ({ "sec-fetch-site": "cross-site" })],
  [
    "a cross-site Origin that claims Sec-Fetch-Site: same-origin",
    () => ({ origin: "https://evil.example", "sec-fetch-site": "same-origin" }),
  ],
  [
    "the app's own Origin with Sec-Fetch-Site: cross-site",
    () => ({ origin: new URL(baseUrl()).origin, "sec-fetch-site": "cross-site" }),
  ],
];

type Fixtures = {
  admin: ApiClient;
  seller: Awaited<ReturnType<typeof signedInUser>>;
  /** A second session of the seller, for the logout. */
  sellerAgain: ApiClient;
  lead: ApiLead;
  leadForApiArchive: ApiLead;
  leadForPageArchive: ApiLead;
  archived: ApiLead;
  note: ApiNote;
  contact: ApiContact;
  target: UserObject;
  pageTarget: UserObject;
  revokeTarget: UserObject;
  passwordTarget: UserObject;
};

let fx: Fixtures;

type UnsafeCase = { name: string; send: (headers: Record<string, string>) => Promise<ApiResult> };

function jsonCase(
  name: string,
  client: () => ApiClient,
  method: string,
  path: () => string,
  json: () => unknown,
): UnsafeCase {
  return { name, send: (headers) => client().request(method, path(), { json: json(), headers }) };
}

function formCase(
  name: string,
  client: () => ApiClient,
  path: () => string,
  fields: () => Record<string, string>,
): UnsafeCase {
  return { name, send: (headers) => client().postForm(path(), fields(), headers) };
}

const UNSAFE_CASES: UnsafeCase[] = [
  jsonCase(
    "POST /api/leads",
    () => fx.seller.client,
    "POST",
    () => "/api/leads",
    () => leadInput({ company: `Csrf ${uniqueToken()}` }),
  ),
  jsonCase(
    "PATCH /api/leads/{id}",
    () => fx.seller.client,
    "PATCH",
    () => `/api/leads/${fx.lead.id}`,
    () => ({ firstName: "Forged", status: "CLOSED_LOST" }),
  ),
  jsonCase(
    "DELETE /api/leads/{id}",
    () => fx.seller.client,
    "DELETE",
    () => `/api/leads/${fx.leadForApiArchive.id}`,
    () => undefined,
  ),
  jsonCase(
    "PATCH /api/leads/{id}/unarchive",
    () => fx.seller.client,
    "PATCH",
    () => `/api/leads/${fx.archived.id}/unarchive`,
    () => undefined,
  ),
  jsonCase(
    "POST /api/contacts",
    () => fx.seller.client,
    "POST",
    () => "/api/contacts",
    () => contactInput(),
  ),
  jsonCase(
    "PATCH /api/contacts/{id}",
    () => fx.seller.client,
    "PATCH",
    () => `/api/contacts/${fx.contact.id}`,
    () => ({ firstName: "Forged" }),
  ),
  jsonCase(
    "POST /api/notes",
    () => fx.seller.client,
    "POST",
    () => "/api/notes",
    () => ({ leadId: fx.lead.id, content: "Forged note" }),
  ),
  jsonCase(
    "PATCH /api/notes/{id}",
    () => fx.seller.client,
    "PATCH",
    () => `/api/notes/${fx.note.id}`,
    () => ({ isFollowUpComplete: true }),
  ),
  {
    name: "PUT /api/notes/{id}/audio",
    send: (headers) =>
      fx.seller.client.request("PUT", `/api/notes/${fx.note.id}/audio`, {
        body: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]),
        headers: { "content-type": "audio/webm", ...headers },
      }),
  },
  jsonCase(
    "POST /api/admin/users",
    () => fx.admin,
    "POST",
    () => "/api/admin/users",
    () => ({
      email: uniqueEmail("csrf"),
      firstName: "Csrf",
      lastName: "User",
      password: "password-123",
      role: "ADMIN",
      companies: ["TSS", "NLH"],
    }),
  ),
  jsonCase(
    "PATCH /api/admin/users/{id}/role",
    () => fx.admin,
    "PATCH",
    () => `/api/admin/users/${fx.target.id}/role`,
    () => ({ role: "ADMIN" }),
  ),
  jsonCase(
    "POST /api/admin/users/{id}/company-access",
    () => fx.admin,
    "POST",
    () => `/api/admin/users/${fx.target.id}/company-access`,
    () => ({ company: "NLH" }),
  ),
  jsonCase(
    "DELETE /api/admin/users/{id}/company-access/{company}",
    () => fx.admin,
    "DELETE",
    () => `/api/admin/users/${fx.revokeTarget.id}/company-access/TSS`,
    () => undefined,
  ),
  jsonCase(
    "POST /api/admin/users/{id}/password",
    () => fx.admin,
    "POST",
    () => `/api/admin/users/${fx.passwordTarget.id}/password`,
    () => ({ password: "forged-password-1" }),
  ),
  jsonCase(
    "PATCH /api/admin/users/{id}/password",
    () => fx.admin,
    "PATCH",
    () => `/api/admin/users/${fx.target.id}/password`,
    () => ({ newPassword: "forged-password-2" }),
  ),
  jsonCase(
    "PATCH /api/admin/users/{id}/status",
    () => fx.admin,
    "PATCH",
    () => `/api/admin/users/${fx.target.id}/status`,
    () => ({ isActive: false }),
  ),
  {
    name: "POST /api/auth/login",
    send: (headers) =>
      new ApiClient().request("POST", "/api/auth/login", {
        json: { username: fx.seller.user.email, password: fx.seller.user.password },
        headers: { "x-forwarded-for": uniqueAddress(), ...headers },
      }),
  },
  { name: "POST /api/logout", send: (headers) => fx.sellerAgain.request("POST", "/api/logout", { headers }) },
  formCase(
    "POST / (Add New Contact)",
    () => fx.seller.client,
    () => "/?index",
    () => ({
      intent: "create-contact",
      ...stringFields(contactInput()),
    }),
  ),
  formCase(
    "POST /leads (archive)",
    () => fx.seller.client,
    () => "/leads",
    () => ({ intent: "archive", leadId: fx.leadForPageArchive.id }),
  ),
  formCase(
    "POST /leads/{id} (add note)",
    () => fx.seller.client,
    () => `/leads/${fx.lead.id}`,
    () => ({ intent: "add-note", content: "Forged note" }),
  ),
  formCase(
    "POST /dashboard/{type}/{id} (add note)",
    () => fx.seller.client,
    () => `/dashboard/total-leads/${fx.lead.id}`,
    () => ({ intent: "add-note", content: "Forged note" }),
  ),
  formCase(
    "POST /contacts (Add New Contact)",
    () => fx.seller.client,
    () => "/contacts",
    () => ({
      intent: "create-contact",
      ...stringFields(contactInput()),
    }),
  ),
  formCase(
    "POST /calendar (schedule)",
    () => fx.seller.client,
    () => "/calendar?schedule=2030-01-15",
    () => ({
      intent: "schedule",
      leadId: fx.lead.id,
      content: "Forged follow-up",
      time: "10:00",
    }),
  ),
  formCase(
    "POST /admin (deactivate)",
    () => fx.admin,
    () => "/admin",
    () => ({ intent: "set-status", userId: fx.pageTarget.id, isActive: "false" }),
  ),
  formCase(
    "POST /mobile (field note)",
    () => fx.seller.client,
    () => "/mobile",
    () => ({ leadId: fx.lead.id, content: "Forged field note" }),
  ),
  formCase(
    "POST /division",
    () => fx.seller.client,
    () => "/division",
    () => ({ division: "NLH", redirectTo: "/" }),
  ),
  {
    name: "POST /login",
    send: (headers) =>
      new ApiClient().postForm(
        "/login",
        { username: fx.seller.user.email, password: fx.seller.user.password, redirectTo: "/" },
        { "x-forwarded-for": uniqueAddress(), ...headers },
      ),
  },
];

function stringFields(input: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)]));
}

/** Everything the unsafe requests could touch: by the API always, row by row on a real PostgreSQL. */
async function unsafeState() {
  const users = [fx.seller.user, fx.target, fx.pageTarget, fx.revokeTarget, fx.passwordTarget];
  return {
    counts: await storedCounts(fx.admin),
    rows: await rowPrints([
      ...users.map((user) => user.id),
      fx.lead.id,
      fx.leadForApiArchive.id,
      fx.leadForPageArchive.id,
      fx.archived.id,
      fx.note.id,
      fx.contact.id,
    ]),
    api: {
      leads: await Promise.all(
        [fx.lead, fx.leadForApiArchive, fx.leadForPageArchive, fx.archived].map((lead) =>
          leadDetail(fx.admin, lead.id),
        ),
      ),
      users: await Promise.all(users.map((user) => listedUser(fx.admin, user))),
      contact: await contactState(fx.seller.client, fx.contact),
      sessions: [
        (await fx.seller.client.get("/api/auth/user")).status,
        (await fx.sellerAgain.get("/api/auth/user")).status,
      ],
    },
  };
}

describe("cross-site writes", () => {
  beforeAll(async () => {
    const ownAdmin = await signInAdmin();
    const seller = await signedInUser(ownAdmin, { companies: ["TSS", "NLH"] });
    const archived = await createLead(seller.client);
    expect((await seller.client.delete(`/api/leads/${archived.id}`)).status).toBe(200);
    const lead = await createLead(seller.client);
    fx = {
      admin: ownAdmin,
      seller,
      sellerAgain: await signIn(seller.user.email, seller.user.password),
      lead,
      leadForApiArchive: await createLead(seller.client),
      leadForPageArchive: await createLead(seller.client),
      archived,
      // A voice note, so that its recording can be stored.
      note: await createNote(seller.client, lead.id, {
        followUpDate: "2030-01-10",
        noteType: "VOICE",
        voiceDuration: 3,
      }),
      contact: await createContact(seller.client),
      target: await createUser(ownAdmin, { companies: ["TSS"] }),
      pageTarget: await createUser(ownAdmin, { companies: ["TSS"] }),
      revokeTarget: await createUser(ownAdmin, { companies: ["TSS", "NLH"] }),
      passwordTarget: await createUser(ownAdmin, { companies: ["TSS"] }),
    };
    // A user without a password, so that setting one (POST .../password) would change something.
    if (databaseUrl())
      await testSql()`update users set password_hash = null where id = ${fx.passwordTarget.id}`;
  });

  it.each(UNSAFE_CASES.map((unsafe) => [unsafe.name, unsafe] as const))(
    "%s from another site is 403 Forbidden and changes nothing",
    async (_name, unsafe) => {
      const before = await unsafeState();
      for (const [label, headers] of EVIL_HEADERS) {
        const result = await unsafe.send(headers());
        expect(result.status, label).toBe(403);
        expect(result.body, label).toEqual(FORBIDDEN);
        expect(sessionSetCookie(result.headers), label).toBeNull();
      }
      expect(await unsafeState()).toEqual(before);
    },
  );

  // The checks above would see a change: the same requests sent by a script (neither header) take effect.
  // Rows are compared on a real PostgreSQL only (the division switch shows nowhere in the API).
  it.runIf(databaseUrl())(
    "the same requests without the cross-site headers do change something",
    async () => {
      for (const unsafe of UNSAFE_CASES) {
        const before = await unsafeState();
        const result = await unsafe.send({});
        expect(result.status, `${unsafe.name}: ${preview(result.body)}`).toBeLessThan(400);
        expect(await unsafeState(), unsafe.name).not.toEqual(before);
      }
    },
  );
});
