// POST /api/leads: SPEC.md section 7 "Leads", the lead form of section 5, CONTRACT.md's Lead object and main contact.
// The database is shared with the other test files: every test makes its own users, and its own leads under a
// unique token that it filters by with `search`.
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN, ISO_UTC, UNAUTHORIZED, UUID, expectInvalidInput } from "../support/answers";
import { ApiClient, createUser, missingId } from "../support/api-client";
import {
  type ApiLead,
  LEAD_KEYS,
  adminClient,
  createLead,
  leadInput,
  listLeads,
  personOf,
  readLead,
  uniqueToken,
  userWith,
} from "../support/leads";

let admin: ApiClient;
beforeAll(async () => {
  admin = await adminClient();
});

describe("POST /api/leads", () => {
  it("answers 201 with the Lead object, created by the caller, as stored", async () => {
    const { user, client } = await userWith(["TSS"], { firstName: "Carla", lastName: "Creator" });
    const input = leadInput({
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+44 20 7946 0000",
      position: "Director",
      status: "CONTACTED",
      estimatedValue: 12500.5,
      notes: "Met at the stone fair",
    });
    const before = Date.now();
    const result = await client.post<ApiLead>("/api/leads", input);
    expect(result.status).toBe(201);
    expect(Object.keys(result.body).sort()).toEqual(LEAD_KEYS);
    expect(result.body).toEqual({
      id: expect.stringMatching(UUID),
      firstName: "Ada",
      lastName: "Lovelace",
      email: input.email,
      phone: "+44 20 7946 0000",
      company: input.company,
      position: "Director",
      status: "CONTACTED",
      estimatedValue: "12500.50",
      notes: "Met at the stone fair",
      companyDivision: "TSS",
      isArchived: false,
      archivedAt: null,
      createdBy: { id: user.id, firstName: "Carla", lastName: "Creator" },
      assignedTo: null,
      mainContactId: expect.stringMatching(UUID),
      version: 1,
      createdAt: expect.stringMatching(ISO_UTC),
      updatedAt: expect.stringMatching(ISO_UTC),
    });
    expect(Math.abs(Date.parse(result.body.createdAt) - before)).toBeLessThan(60_000);

    expect(await readLead(client, result.body.id)).toEqual(result.body);
    const list = await listLeads(client, "TSS", { search: input.company });
    expect(list.leads).toEqual([result.body]);
    expect(list.total).toBe(1);
  });

  it("defaults status to NEW and the optional fields to null", async () => {
    const { client } = await userWith(["TSS"]);
    const result = await client.post<ApiLead>("/api/leads", leadInput());
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      status: "NEW",
      phone: null,
      position: null,
      estimatedValue: null,
      notes: null,
      assignedTo: null,
      version: 1,
    });
    expect((await readLead(client, result.body.id)).status).toBe("NEW");
  });

  it.each([
    [3000, "3000.00"],
    [0, "0.00"],
    [99.99, "99.99"],
    ["250.5", "250.50"],
    [null, null],
  ])("stores estimatedValue %j as %j", async (value, expected) => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client, { estimatedValue: value });
    expect(lead.estimatedValue).toBe(expected);
    expect((await readLead(client, lead.id)).estimatedValue).toBe(expected);
  });

  it("answers 400 Invalid input with SPEC.md's messages for the missing required fields", async () => {
    const { client } = await userWith(["TSS"]);
    const result = await client.post("/api/leads", { companyDivision: "TSS" });
    expectInvalidInput(result, ["firstName", "lastName", "email", "company"]);
    expect(result.body.errors.firstName).toEqual(["First name is required"]);
    expect(result.body.errors.lastName).toEqual(["Last name is required"]);
    expect(result.body.errors.email).toEqual(["Valid email is required"]);
    expect(result.body.errors.company).toEqual(["Company is required"]);

    const blank = await client.post("/api/leads", {
      companyDivision: "TSS",
      firstName: "  ",
      lastName: "",
      email: " ",
      company: "   ",
    });
    expectInvalidInput(blank, ["firstName", "lastName", "email", "company"]);
    expect(blank.body.errors.firstName).toEqual(["First name is required"]);
    expect(blank.body.errors.company).toEqual(["Company is required"]);
  });

  it.each([
    ["email", { email: "not-an-email" }, "Valid email is required"],
    ["firstName", { firstName: "" }, "First name is required"],
    ["lastName", { lastName: "   " }, "Last name is required"],
    ["company", { company: "" }, "Company is required"],
    ["status", { status: "WON" }, null],
    ["status", { status: "new" }, null],
    ["estimatedValue", { estimatedValue: -1 }, null],
    ["estimatedValue", { estimatedValue: -0.01 }, null],
    ["estimatedValue", { estimatedValue: "lots" }, null],
    ["estimatedValue", { estimatedValue: 1e15 }, null],
  ])("answers 400 with errors.%s for %j and stores nothing", async (field, overrides, message) => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("bad");
    const input = leadInput({ email: `${token}@lead.example`, ...overrides });
    const result = await client.post("/api/leads", input);
    expectInvalidInput(result, [field]);
    if (message) expect(result.body.errors[field]).toEqual([message]);
    expect((await listLeads(client, "TSS", { search: token })).leads).toEqual([]);
  });

  it.each([["XYZ"], ["tss"], [""], [null]])(
    "answers 400 with errors.companyDivision for %j",
    async (division) => {
      const { client } = await userWith(["TSS", "NLH"]);
      const token = uniqueToken("div");
      const result = await client.post(
        "/api/leads",
        leadInput({ company: `Co ${token}`, companyDivision: division }),
      );
      expectInvalidInput(result, ["companyDivision"]);
      expect((await listLeads(client, "TSS", { search: token })).total).toBe(0);
      expect((await listLeads(client, "NLH", { search: token })).total).toBe(0);
    },
  );

  it("answers 400 with errors.companyDivision when no division is sent", async () => {
    const { client } = await userWith(["TSS"]);
    const { companyDivision: _division, ...input } = leadInput();
    expectInvalidInput(await client.post("/api/leads", input), ["companyDivision"]);
  });

  it("names every field at fault when the division is missing too", async () => {
    const { client } = await userWith(["TSS"]);
    const empty = await client.post("/api/leads", {});
    expectInvalidInput(empty, ["companyDivision", "firstName", "lastName", "email", "company"]);
    expect(empty.body.errors.firstName).toEqual(["First name is required"]);
    const wrongDivision = await client.post("/api/leads", { companyDivision: "XYZ", firstName: "" });
    expectInvalidInput(wrongDivision, ["companyDivision", "firstName", "lastName", "email", "company"]);
  });

  it("answers 403 Forbidden for a division the caller lacks, and stores nothing", async () => {
    const { client } = await userWith(["TSS"]);
    const { client: nlhReader } = await userWith(["NLH"]);
    const token = uniqueToken("forb");
    const result = await client.post(
      "/api/leads",
      leadInput({ company: `Co ${token}`, companyDivision: "NLH" }),
    );
    expect(result.status).toBe(403);
    expect(result.body).toEqual(FORBIDDEN);
    expect((await listLeads(nlhReader, "NLH", { search: token })).total).toBe(0);

    // Even with invalid fields, the division decides first.
    const invalid = await client.post("/api/leads", { companyDivision: "NLH", firstName: "" });
    expect(invalid.status).toBe(403);
    expect(invalid.body).toEqual(FORBIDDEN);
  });

  it("answers 401 Unauthorized when signed out", async () => {
    const result = await new ApiClient().post("/api/leads", leadInput());
    expect(result.status).toBe(401);
    expect(result.body).toEqual(UNAUTHORIZED);
  });

  it("assigns the lead to an active user with access to its division", async () => {
    const { client } = await userWith(["TSS"]);
    const assignee = await createUser(admin, {
      companies: ["TSS", "NLH"],
      firstName: "Asa",
      lastName: "Signee",
    });
    const lead = await createLead(client, { assignedToId: assignee.id });
    expect(lead.assignedTo).toEqual({ id: assignee.id, firstName: "Asa", lastName: "Signee" });
    expect((await readLead(client, lead.id)).assignedTo).toEqual(personOf(assignee));

    const unassigned = await createLead(client, { assignedToId: null });
    expect(unassigned.assignedTo).toBeNull();
  });

  it("answers 400 errors.assignedToId for a user without access, an inactive user, or no user", async () => {
    const { client } = await userWith(["TSS"]);
    const nlhOnly = await createUser(admin, { companies: ["NLH"] });
    const inactive = await createUser(admin, { companies: ["TSS"] });
    const deactivated = await admin.patch(`/api/admin/users/${inactive.id}/status`, { isActive: false });
    expect(deactivated.status).toBe(200);

    for (const assignedToId of [nlhOnly.id, inactive.id, missingId(), "not-a-uuid"]) {
      const token = uniqueToken("asg");
      const result = await client.post("/api/leads", leadInput({ company: `Co ${token}`, assignedToId }));
      expectInvalidInput(result, ["assignedToId"]);
      expect((await listLeads(client, "TSS", { search: token })).total).toBe(0);
    }
  });

  it("links leads with the same e-mail (any case) in a division to one main contact", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("mc");
    const email = `${token}@contact.example`;
    const first = await createLead(client, { email });
    const second = await createLead(client, { email: `  ${email.toUpperCase()} `, firstName: "Other" });
    const different = await createLead(client, { email: `${token}.other@contact.example` });
    const otherDivision = await createLead(client, { email, companyDivision: "NLH" });
    const otherDivisionAgain = await createLead(client, {
      email: email.toUpperCase(),
      companyDivision: "NLH",
    });

    expect(first.mainContactId).toMatch(UUID);
    expect(second.mainContactId).toBe(first.mainContactId);
    expect(different.mainContactId).toMatch(UUID);
    expect(different.mainContactId).not.toBe(first.mainContactId);
    expect(otherDivision.mainContactId).toMatch(UUID);
    expect(otherDivision.mainContactId).not.toBe(first.mainContactId);
    expect(otherDivision.mainContactId).not.toBe(different.mainContactId);
    expect(otherDivisionAgain.mainContactId).toBe(otherDivision.mainContactId);
    expect((await readLead(client, second.id)).mainContactId).toBe(first.mainContactId);
  });

  it("makes one main contact for leads with a new e-mail created at the same moment", async () => {
    const { client } = await userWith(["TSS"]);
    const email = `${uniqueToken("race")}@contact.example`;
    const leads = await Promise.all(Array.from({ length: 8 }, () => createLead(client, { email })));
    expect(new Set(leads.map((lead) => lead.mainContactId)).size).toBe(1);
  });
});
