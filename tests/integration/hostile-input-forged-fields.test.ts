// Fields a client must not set (issue "Hostile-input tests"): the server's own fields of a lead, a contact or a
// user (id, creator, dates, version, archive state, division, password hash) are ignored or refused, never
// stored; and a sales user cannot raise their own role, access, status or password.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN, expectErrorBody, preview } from "../support/answers";
import {
  ApiClient,
  createUser,
  listedUser,
  signIn,
  signInAdmin,
  uniqueAddress,
  uniqueEmail,
  type UserObject,
} from "../support/api-client";
import { createContact, type ApiContact } from "../support/contacts";
import { rowPrints, tableCounts } from "../support/database";
import {
  createLead,
  leadInput,
  listLeads,
  readLead,
  uniqueToken,
  userWith,
  type ApiLead,
} from "../support/leads";

let admin: ApiClient;

describe("fields a client must not set", () => {
  beforeAll(async () => {
    admin = await signInAdmin();
  });

  it("POST /api/leads keeps the server's id, creator, dates, version and archive state", async () => {
    const { user, client } = await userWith(["TSS", "NLH"]);
    const other = await createUser(admin);
    const token = uniqueToken("forged");
    const forgedId = crypto.randomUUID();
    const forgedContactId = crypto.randomUUID();
    const longAgo = "2001-02-03T04:05:06.000Z";
    const input = leadInput({
      company: `Forged ${token}`,
      id: forgedId,
      createdBy: { id: other.id, firstName: "Other", lastName: "User" },
      createdById: other.id,
      createdAt: longAgo,
      updatedAt: longAgo,
      version: 99,
      isArchived: true,
      archivedAt: longAgo,
      mainContactId: forgedContactId,
    });
    const before = Date.now();
    const result = await client.post<ApiLead>("/api/leads", input);
    expect([201, 400], preview(result.body)).toContain(result.status);
    if (result.status === 400) {
      expectErrorBody(result, "refused");
      for (const archived of [false, true]) {
        expect((await listLeads(admin, "TSS", { search: token }, { archived })).total).toBe(0);
      }
      return;
    }
    const stored = await readLead(client, result.body.id);
    expect(stored).toEqual(result.body);
    expect(stored.id).not.toBe(forgedId);
    expect(stored.createdBy?.id).toBe(user.id);
    expect(stored.version).toBe(1);
    expect(stored.isArchived).toBe(false);
    expect(stored.archivedAt).toBeNull();
    expect(stored.mainContactId).not.toBe(forgedContactId);
    expect(Math.abs(Date.parse(stored.createdAt) - before)).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(stored.updatedAt) - before)).toBeLessThan(60_000);
    expect((await admin.get(`/api/leads/detail/${forgedId}`)).status).toBe(404);
    expect((await listLeads(admin, "TSS", { search: token }, { archived: true })).total).toBe(0);
  });

  it("PATCH /api/leads/{id} keeps the id, creator, dates, archive state and division", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const other = await createUser(admin, { companies: ["TSS", "NLH"] });
    const token = uniqueToken("forged");
    const lead = await createLead(client, { company: `Forged ${token}` });
    const original = await readLead(client, lead.id);
    const longAgo = "2001-02-03T04:05:06.000Z";
    const result = await client.patch<ApiLead>(`/api/leads/${lead.id}`, {
      firstName: "Renamed",
      id: crypto.randomUUID(),
      createdBy: { id: other.id, firstName: "Other", lastName: "User" },
      createdById: other.id,
      createdAt: longAgo,
      updatedAt: longAgo,
      isArchived: true,
      archivedAt: longAgo,
      companyDivision: "NLH",
      mainContactId: crypto.randomUUID(),
    });
    expect([200, 400], preview(result.body)).toContain(result.status);
    const stored = await readLead(client, lead.id);
    if (result.status === 400) {
      expectErrorBody(result, "refused");
      expect(stored).toEqual(original);
      return;
    }
    expect(stored).toEqual(result.body);
    expect(stored).toMatchObject({
      id: original.id,
      firstName: "Renamed",
      createdBy: original.createdBy,
      createdAt: original.createdAt,
      isArchived: false,
      archivedAt: null,
      companyDivision: "TSS",
      mainContactId: original.mainContactId,
    });
    expect(Date.parse(stored.updatedAt)).toBeGreaterThanOrEqual(Date.parse(original.updatedAt));
    expect((await listLeads(admin, "NLH", { search: token })).total).toBe(0);
    expect((await listLeads(admin, "TSS", { search: token }, { archived: true })).total).toBe(0);
  });

  it("PATCH /api/contacts/{id} keeps the contact's id and division", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("forged");
    const contact = await createContact(client, { company: `Quarry ${token}` });
    const result = await client.patch<ApiContact>(`/api/contacts/${contact.id}`, {
      position: "Renamed",
      id: crypto.randomUUID(),
      companyDivision: "NLH",
      createdAt: "2001-02-03T04:05:06.000Z",
      createdBy: crypto.randomUUID(),
    });
    expect([200, 400], preview(result.body)).toContain(result.status);
    if (result.status === 200) expect(result.body).toMatchObject({ id: contact.id, companyDivision: "TSS" });
    const nlh = await client.get<ApiContact[]>(`/api/contacts/NLH?search=${token}&limit=10`);
    expect(nlh.body).toEqual([]);
    const tss = await client.get<ApiContact[]>(`/api/contacts/TSS?search=${token}&limit=10`);
    expect(tss.body).toHaveLength(1);
    expect(tss.body[0]).toEqual(result.status === 200 ? { ...contact, position: "Renamed" } : contact);
  });

  it("POST /api/admin/users ignores or refuses id, isActive, hasPassword and the other server fields", async () => {
    const forgedId = crypto.randomUUID();
    const email = uniqueEmail("forged");
    const before = Date.now();
    const result = await admin.post<UserObject>("/api/admin/users", {
      email,
      firstName: "Fay",
      lastName: "Forged",
      password: "password-123",
      companies: ["TSS"],
      id: forgedId,
      isActive: false,
      hasPassword: false,
      createdAt: "2001-02-03T04:05:06.000Z",
      profileImageUrl: "javascript:alert(1)",
      companyAccess: [{ company: "NLH" }],
      passwordHash: "$argon2id$forged",
    });
    expect([201, 400], preview(result.body)).toContain(result.status);
    const listed = (await admin.get<UserObject[]>(`/api/admin/users?search=${encodeURIComponent(email)}`))
      .body;
    if (result.status === 400) {
      expectErrorBody(result, "refused");
      expect(listed).toEqual([]);
      return;
    }
    expect(listed).toEqual([result.body]);
    expect(result.body.id).not.toBe(forgedId);
    expect(result.body).toMatchObject({
      email,
      role: "SALES_USER",
      isActive: true,
      hasPassword: true,
      profileImageUrl: null,
      companyAccess: [{ company: "TSS" }],
    });
    expect(Math.abs(Date.parse(result.body.createdAt) - before)).toBeLessThan(60_000);
    // The password given is the one that works (the forged hash was not stored).
    const me = await signIn(email, "password-123", { "x-forwarded-for": uniqueAddress() });
    expect((await me.get("/api/auth/user")).body.id).toBe(result.body.id);
  });

  it("a sales user cannot raise their own role, access, status or password (403), and nothing changes", async () => {
    const { user, client } = await userWith(["TSS"]);
    const attempts: [string, string, unknown][] = [
      ["PATCH", `/api/admin/users/${user.id}/role`, { role: "ADMIN" }],
      ["PATCH", `/api/admin/users/${user.id}/role`, { role: "ADMIN", isAdmin: true, userId: user.id }],
      ["POST", `/api/admin/users/${user.id}/company-access`, { company: "NLH" }],
      ["PATCH", `/api/admin/users/${user.id}/status`, { isActive: true }],
      ["PATCH", `/api/admin/users/${user.id}/password`, { newPassword: "a-new-password-1" }],
      [
        "POST",
        "/api/admin/users",
        {
          email: uniqueEmail("self"),
          firstName: "A",
          lastName: "B",
          password: "password-123",
          role: "ADMIN",
          companies: ["TSS", "NLH"],
        },
      ],
    ];
    const before = {
      user: await listedUser(admin, user),
      db: await rowPrints([user.id]),
      counts: await tableCounts(),
    };
    for (const [method, path, json] of attempts) {
      const result = await client.request(method, path, { json });
      expect(result.status, `${method} ${path}`).toBe(403);
      expect(result.body).toEqual(FORBIDDEN);
    }
    expect({
      user: await listedUser(admin, user),
      db: await rowPrints([user.id]),
      counts: await tableCounts(),
    }).toEqual(before);
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: "SALES_USER", companyAccess: [{ company: "TSS" }] });
    expect((await client.get("/api/admin/users")).status).toBe(403);
  });
});
