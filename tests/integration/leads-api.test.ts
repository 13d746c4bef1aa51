// The leads API of SPEC.md section 7 "Leads" (entities of section 3, states of section 4, the lead form of
// section 5), with CONTRACT.md's conventions, objects and rules (lead lists, duplicates, main contact, version).
// The database is shared with the other test files: every test makes its own users, and its own leads under a
// unique token that it filters by with `search`.
import { beforeAll, describe, expect, it } from "vitest";
import {
  ApiClient,
  createUser,
  missingId,
  signInAdmin,
  signedInUser,
  type NewUser,
} from "../support/api-client";
import {
  FORBIDDEN,
  ISO_UTC,
  LEAD_KEYS,
  NOT_FOUND,
  UNAUTHORIZED,
  UUID,
  createLead,
  createNote,
  expectInvalidInput,
  leadDetail,
  leadInput,
  listLeads,
  personOf,
  uniqueToken,
  type ApiLead,
} from "../support/leads";

const STALE_MESSAGE = "This lead was changed by someone else. Reload and try again.";
const STATUSES = ["NEW", "CONTACTED", "QUALIFIED", "PROPOSAL", "CLOSED_WON", "CLOSED_LOST"];

let admin: ApiClient;
beforeAll(async () => {
  admin = await signInAdmin();
});

const userWith = (companies: NewUser["companies"], overrides: Partial<NewUser> = {}) =>
  signedInUser(admin, { companies, ...overrides });

/** The lead as a reader sees it now, through the detail endpoint, in the shape of the Lead object. */
async function readLead(client: ApiClient, id: string): Promise<ApiLead> {
  const { leadNotes, progress: _progress, notes: _notes, ...lead } = await leadDetail(client, id);
  return { ...lead, notes: leadNotes };
}

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
});

describe("GET /api/leads/{division}", () => {
  it("answers a bare array of the division's active leads, newest update first, with X-Total-Count", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("list");
    const a = await createLead(client, { company: `A ${token}` });
    const b = await createLead(client, { company: `B ${token}` });
    const c = await createLead(client, { company: `C ${token}` });
    const nlh = await createLead(client, { company: `N ${token}`, companyDivision: "NLH" });

    const tss = await listLeads(client, "TSS", { search: token });
    expect(tss.ids).toEqual([c.id, b.id, a.id]);
    expect(tss.total).toBe(3);
    for (const lead of tss.leads) {
      expect(Object.keys(lead).sort()).toEqual(LEAD_KEYS);
      expect(lead.companyDivision).toBe("TSS");
    }
    expect(tss.leads[2]).toEqual(a);

    const updated = await client.patch(`/api/leads/${a.id}`, { position: "Buyer" });
    expect(updated.status).toBe(200);
    expect((await listLeads(client, "TSS", { search: token })).ids).toEqual([a.id, c.id, b.id]);

    const other = await listLeads(client, "NLH", { search: token });
    expect(other.ids).toEqual([nlh.id]);
    expect(other.total).toBe(1);

    // Without any query the whole list comes back, and X-Total-Count counts it.
    const whole = await listLeads(client, "TSS");
    expect(whole.total).toBe(whole.leads.length);
    expect(whole.ids).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect(whole.ids).not.toContain(nlh.id);
    expect(whole.leads.every((lead) => lead.companyDivision === "TSS" && !lead.isArchived)).toBe(true);
    const updates = whole.leads.map((lead) => Date.parse(lead.updatedAt));
    expect(updates).toEqual([...updates].sort((x, y) => y - x));
  });

  it("answers 403 for a division not in the caller's access, 400 for an unknown one, 401 signed out", async () => {
    const { client } = await userWith(["TSS"]);
    for (const path of ["/api/leads/NLH", "/api/leads/NLH/archived"]) {
      const result = await client.get(path);
      expect(result.status).toBe(403);
      expect(result.body).toEqual(FORBIDDEN);
    }
    for (const path of ["/api/leads/XYZ", "/api/leads/tss", "/api/leads/XYZ/archived"]) {
      const result = await client.get(path);
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ message: "Unknown division" });
    }
    for (const path of ["/api/leads/TSS", "/api/leads/TSS/archived", "/api/leads/XYZ"]) {
      const result = await new ApiClient().get(path);
      expect(result.status).toBe(401);
      expect(result.body).toEqual(UNAUTHORIZED);
    }
  });

  it("keeps with myLeadsOnly=true only the leads created by or assigned to the caller", async () => {
    const { user: alice, client: aliceClient } = await userWith(["TSS"]);
    const { user: bob, client: bobClient } = await userWith(["TSS"]);
    const token = uniqueToken("mine");
    const byAlice = await createLead(aliceClient, { company: `1 ${token}` });
    const toAlice = await createLead(bobClient, { company: `2 ${token}`, assignedToId: alice.id });
    const bobs = await createLead(bobClient, { company: `3 ${token}` });
    const aliceToBob = await createLead(aliceClient, { company: `4 ${token}`, assignedToId: bob.id });

    const aliceMine = await listLeads(aliceClient, "TSS", { search: token, myLeadsOnly: "true" });
    expect(aliceMine.ids).toEqual([aliceToBob.id, toAlice.id, byAlice.id]);
    expect(aliceMine.total).toBe(3);

    const bobMine = await listLeads(bobClient, "TSS", { search: token, myLeadsOnly: "true" });
    expect(bobMine.ids).toEqual([aliceToBob.id, bobs.id, toAlice.id]);

    const all = await listLeads(aliceClient, "TSS", { search: token, myLeadsOnly: "false" });
    expect(all.ids).toEqual([aliceToBob.id, bobs.id, toAlice.id, byAlice.id]);
    expect(all.total).toBe(4);

    const bad = await aliceClient.get(`/api/leads/TSS?myLeadsOnly=yes`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid input");
  });

  it("searches first name, last name, e-mail and company as a substring in any case", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("srch");
    const upper = token.toUpperCase();
    const byFirst = await createLead(client, { firstName: `Fi${upper}rst` });
    const byLast = await createLead(client, { lastName: `La${token}st` });
    const byEmail = await createLead(client, { email: `x.${token}@mail.example` });
    const byCompany = await createLead(client, { company: `The ${upper} Company` });
    const unrelated = await createLead(client);

    const all = await listLeads(client, "TSS", { search: token });
    expect(all.ids).toEqual([byCompany.id, byEmail.id, byLast.id, byFirst.id]);
    expect(all.total).toBe(4);
    expect(all.ids).not.toContain(unrelated.id);

    expect((await listLeads(client, "TSS", { search: upper })).ids).toEqual(all.ids);
    expect((await listLeads(client, "TSS", { search: `  ${token}  ` })).ids).toEqual(all.ids);
    expect((await listLeads(client, "TSS", { search: `i${token}R` })).ids).toEqual([byFirst.id]);
    expect((await listLeads(client, "TSS", { search: `a${token}s` })).ids).toEqual([byLast.id]);
    expect((await listLeads(client, "TSS", { search: `x.${token}@mail` })).ids).toEqual([byEmail.id]);
    expect((await listLeads(client, "TSS", { search: `the ${token} co` })).ids).toEqual([byCompany.id]);
    const none = await listLeads(client, "TSS", { search: `${token}-nothing` });
    expect(none.ids).toEqual([]);
    expect(none.total).toBe(0);
  });

  it("takes % and _ in a search literally", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("lit");
    const percent = await createLead(client, { company: `${token} 5%off` });
    const percentDecoy = await createLead(client, { company: `${token} 5xxoff` });
    const underscore = await createLead(client, { company: `${token} a_b` });
    const underscoreDecoy = await createLead(client, { company: `${token} axb` });
    const backslash = await createLead(client, { company: `${token} c\\d` });

    expect((await listLeads(client, "TSS", { search: `${token} 5%off` })).ids).toEqual([percent.id]);
    expect((await listLeads(client, "TSS", { search: `${token} a_b` })).ids).toEqual([underscore.id]);
    expect((await listLeads(client, "TSS", { search: `${token} c\\d` })).ids).toEqual([backslash.id]);
    const all = await listLeads(client, "TSS", { search: token });
    expect(all.ids).toEqual([backslash.id, underscoreDecoy.id, underscore.id, percentDecoy.id, percent.id]);
  });

  it("filters by status", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("stat");
    const fresh = await createLead(client, { company: `${token} 1` });
    const contacted = await createLead(client, { company: `${token} 2`, status: "CONTACTED" });
    const won = await createLead(client, { company: `${token} 3`, status: "CLOSED_WON" });
    const contactedLater = await createLead(client, { company: `${token} 4` });
    expect((await client.patch(`/api/leads/${contactedLater.id}`, { status: "CONTACTED" })).status).toBe(200);

    const result = await listLeads(client, "TSS", { search: token, status: "CONTACTED" });
    expect(result.ids).toEqual([contactedLater.id, contacted.id]);
    expect(result.total).toBe(2);
    expect((await listLeads(client, "TSS", { search: token, status: "NEW" })).ids).toEqual([fresh.id]);
    expect((await listLeads(client, "TSS", { search: token, status: "CLOSED_WON" })).ids).toEqual([won.id]);
    expect((await listLeads(client, "TSS", { search: token, status: "PROPOSAL" })).total).toBe(0);
  });

  it("sorts by company, contact, status, value, owner or update, in either direction", async () => {
    const { client: aaron } = await userWith(["TSS"], { firstName: "Aaron", lastName: "Able" });
    const { client: zed } = await userWith(["TSS"], { firstName: "Zed", lastName: "Zulu" });
    const token = uniqueToken("sort");
    const bravo = await createLead(aaron, {
      company: `${token} Bravo`,
      firstName: "Carl",
      status: "QUALIFIED",
      estimatedValue: 500,
    });
    const alpha = await createLead(zed, {
      company: `${token} alpha`,
      firstName: "anna",
      status: "NEW",
      estimatedValue: null,
    });
    const charlie = await createLead(aaron, {
      company: `${token} Charlie`,
      firstName: "Bert",
      status: "CLOSED_WON",
      estimatedValue: 100,
    });
    const sorted = async (sort: string | null, dir: string | null) => {
      const query: Record<string, string> = { search: token };
      if (sort) query.sort = sort;
      if (dir) query.dir = dir;
      return (await listLeads(aaron, "TSS", query)).ids;
    };

    expect(await sorted("company", "asc")).toEqual([alpha.id, bravo.id, charlie.id]);
    expect(await sorted("company", "desc")).toEqual([charlie.id, bravo.id, alpha.id]);
    expect(await sorted("contact", "asc")).toEqual([alpha.id, charlie.id, bravo.id]);
    expect(await sorted("contact", "desc")).toEqual([bravo.id, charlie.id, alpha.id]);
    expect(await sorted("status", "asc")).toEqual([alpha.id, bravo.id, charlie.id]);
    expect(await sorted("status", "desc")).toEqual([charlie.id, bravo.id, alpha.id]);
    // Only the leads with a value are pinned; where the one without goes is not specified.
    const withValue = (ids: string[]) => ids.filter((id) => id !== alpha.id);
    expect(withValue(await sorted("value", "asc"))).toEqual([charlie.id, bravo.id]);
    expect(withValue(await sorted("value", "desc"))).toEqual([bravo.id, charlie.id]);
    const ownerAsc = await sorted("owner", "asc");
    expect(ownerAsc[2]).toBe(alpha.id);
    expect(ownerAsc.slice(0, 2).sort()).toEqual([bravo.id, charlie.id].sort());
    expect((await sorted("owner", "desc"))[0]).toBe(alpha.id);
    expect(await sorted("updated", "asc")).toEqual([bravo.id, alpha.id, charlie.id]);
    expect(await sorted("updated", "desc")).toEqual([charlie.id, alpha.id, bravo.id]);
    expect(await sorted(null, "asc")).toEqual([bravo.id, alpha.id, charlie.id]);
    expect(await sorted("company", null)).toHaveLength(3);
  });

  it("pages with limit and offset, X-Total-Count holding the number of all matches", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("page");
    const created: ApiLead[] = [];
    for (let i = 0; i < 5; i++) created.push(await createLead(client, { company: `${token} ${i}` }));
    const newestFirst = created.map((lead) => lead.id).reverse();

    const pages = [];
    for (const offset of [0, 2, 4]) {
      const page = await listLeads(client, "TSS", { search: token, limit: "2", offset: String(offset) });
      expect(page.total).toBe(5);
      pages.push(...page.ids);
    }
    expect(pages).toEqual(newestFirst);
    expect((await listLeads(client, "TSS", { search: token, limit: "3" })).ids).toEqual(
      newestFirst.slice(0, 3),
    );
    expect((await listLeads(client, "TSS", { search: token, offset: "3" })).ids).toEqual(
      newestFirst.slice(3),
    );
    const beyond = await listLeads(client, "TSS", { search: token, limit: "2", offset: "10" });
    expect(beyond.ids).toEqual([]);
    expect(beyond.total).toBe(5);
  });

  it.each([
    ["status", "status=WON"],
    ["status", "status=new"],
    ["sort", "sort=name"],
    ["dir", "dir=up"],
    ["limit", "limit=0"],
    ["limit", "limit=abc"],
    ["limit", "limit=1.5"],
    ["limit", "limit=1001"],
    ["offset", "offset=-1"],
    ["offset", "offset=x"],
  ])("answers 400 Invalid input with errors.%s for ?%s", async (field, query) => {
    const { client } = await userWith(["TSS"]);
    for (const path of [`/api/leads/TSS?${query}`, `/api/leads/TSS/archived?${query}`]) {
      expectInvalidInput(await client.get(path), [field]);
    }
  });
});

describe("archive and restore", () => {
  it("DELETE archives (200), the lead moves to /archived; PATCH unarchive restores it (200)", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("arch");
    const lead = await createLead(client, { company: `${token} Co` });
    const other = await createLead(client, { company: `${token} Other` });

    const archived = await client.delete<ApiLead>(`/api/leads/${lead.id}`);
    expect(archived.status).toBe(200);
    expect(Object.keys(archived.body).sort()).toEqual(LEAD_KEYS);
    expect(archived.body).toMatchObject({ id: lead.id, isArchived: true, company: lead.company });
    expect(archived.body.archivedAt).toMatch(ISO_UTC);
    expect(Math.abs(Date.parse(archived.body.archivedAt!) - Date.now())).toBeLessThan(60_000);

    expect((await listLeads(client, "TSS", { search: token })).ids).toEqual([other.id]);
    const archive = await listLeads(client, "TSS", { search: token }, { archived: true });
    expect(archive.ids).toEqual([lead.id]);
    expect(archive.total).toBe(1);
    expect(archive.leads[0]).toMatchObject({ isArchived: true, archivedAt: archived.body.archivedAt });
    expect(await readLead(client, lead.id)).toMatchObject({
      isArchived: true,
      archivedAt: archived.body.archivedAt,
    });

    const restored = await client.patch<ApiLead>(`/api/leads/${lead.id}/unarchive`);
    expect(restored.status).toBe(200);
    expect(Object.keys(restored.body).sort()).toEqual(LEAD_KEYS);
    expect(restored.body).toMatchObject({ id: lead.id, isArchived: false, archivedAt: null });

    expect((await listLeads(client, "TSS", { search: token })).ids.sort()).toEqual(
      [lead.id, other.id].sort(),
    );
    const emptyArchive = await listLeads(client, "TSS", { search: token }, { archived: true });
    expect(emptyArchive.ids).toEqual([]);
    expect(emptyArchive.total).toBe(0);
    expect(await readLead(client, lead.id)).toMatchObject({ isArchived: false, archivedAt: null });
  });

  it("lists only archived leads under /archived, with the list's filters", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("archl");
    const leads: ApiLead[] = [];
    for (const status of ["NEW", "CONTACTED", "CONTACTED"])
      leads.push(await createLead(client, { company: `${token} ${status}`, status }));
    const active = await createLead(client, { company: `${token} active`, status: "CONTACTED" });
    for (const lead of leads) expect((await client.delete(`/api/leads/${lead.id}`)).status).toBe(200);

    const archive = await listLeads(client, "TSS", { search: token }, { archived: true });
    expect(archive.ids).toEqual([leads[2].id, leads[1].id, leads[0].id]);
    expect(archive.leads.every((lead) => lead.isArchived)).toBe(true);
    expect(archive.ids).not.toContain(active.id);
    const contacted = await listLeads(
      client,
      "TSS",
      { search: token, status: "CONTACTED" },
      { archived: true },
    );
    expect(contacted.ids).toEqual([leads[2].id, leads[1].id]);
    expect(contacted.total).toBe(2);
    const paged = await listLeads(
      client,
      "TSS",
      { search: token, limit: "1", offset: "1" },
      { archived: true },
    );
    expect(paged.ids).toEqual([leads[1].id]);
    expect(paged.total).toBe(3);
  });

  it("answers 404 Not found for an unknown, malformed or foreign id, and 401 signed out", async () => {
    const { client: owner } = await userWith(["TSS"]);
    const { client: stranger } = await userWith(["NLH"]);
    const lead = await createLead(owner);
    const archivedLead = await createLead(owner);
    expect((await owner.delete(`/api/leads/${archivedLead.id}`)).status).toBe(200);

    for (const id of [missingId(), "not-a-uuid", lead.id]) {
      const archive = await stranger.delete(`/api/leads/${id}`);
      expect(archive.status).toBe(404);
      expect(archive.body).toEqual(NOT_FOUND);
    }
    for (const id of [missingId(), "not-a-uuid", archivedLead.id]) {
      const restore = await stranger.patch(`/api/leads/${id}/unarchive`);
      expect(restore.status).toBe(404);
      expect(restore.body).toEqual(NOT_FOUND);
    }
    for (const result of [
      await new ApiClient().delete(`/api/leads/${lead.id}`),
      await new ApiClient().patch(`/api/leads/${archivedLead.id}/unarchive`),
    ]) {
      expect(result.status).toBe(401);
      expect(result.body).toEqual(UNAUTHORIZED);
    }
    expect((await readLead(owner, lead.id)).isArchived).toBe(false);
    expect((await readLead(owner, archivedLead.id)).isArchived).toBe(true);
  });
});

describe("GET /api/leads/{division}/duplicates", () => {
  const duplicates = async (client: ApiClient, division: string, query: Record<string, string>) => {
    const result = await client.get<ApiLead[]>(
      `/api/leads/${division}/duplicates?${new URLSearchParams(query)}`,
    );
    expect(result.status).toBe(200);
    expect(Array.isArray(result.body)).toBe(true);
    return result.body;
  };

  it("matches the e-mail trimmed and in any case", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("dupe");
    const lead = await createLead(client, { email: `${token}@dup.example`, firstName: `F${token}` });
    await createLead(client, { email: `${token}x@dup.example` });

    const found = await duplicates(client, "TSS", {
      email: `  ${token.toUpperCase()}@DUP.Example `,
      firstName: "",
      lastName: "",
    });
    expect(found.map((entry) => entry.id)).toEqual([lead.id]);
    expect(Object.keys(found[0]).sort()).toEqual(LEAD_KEYS);
    expect(found[0]).toEqual(await readLead(client, lead.id));
    expect(await duplicates(client, "TSS", { email: `${token}@dup.exampl` })).toEqual([]);
  });

  it("matches by first and last name together, never by the first name alone", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("dupn");
    const lead = await createLead(client, { firstName: `Dana${token}`, lastName: `Dup${token}` });
    await createLead(client, { firstName: `Dana${token}`, lastName: `Else${token}` });

    const found = await duplicates(client, "TSS", {
      firstName: ` dana${token.toUpperCase()} `,
      lastName: `DUP${token}`,
    });
    expect(found.map((entry) => entry.id)).toEqual([lead.id]);
    expect(await duplicates(client, "TSS", { firstName: `Dana${token}` })).toEqual([]);
    expect(await duplicates(client, "TSS", { firstName: `Dana${token}`, lastName: "" })).toEqual([]);
    expect(await duplicates(client, "TSS", { firstName: `Dana${token}`, lastName: `Other${token}` })).toEqual(
      [],
    );
    expect(await duplicates(client, "TSS", { lastName: `Dup${token}` })).toEqual([]);
  });

  it("answers the leads matching either the e-mail or the names, ignoring blank parameters", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("dupo");
    const byEmail = await createLead(client, { email: `${token}@dup.example` });
    const byName = await createLead(client, { firstName: `Ed${token}`, lastName: `Na${token}` });

    const both = await duplicates(client, "TSS", {
      email: `${token}@dup.example`,
      firstName: `Ed${token}`,
      lastName: `Na${token}`,
    });
    expect(both.map((entry) => entry.id).sort()).toEqual([byEmail.id, byName.id].sort());
    const blankEmail = await duplicates(client, "TSS", {
      email: "   ",
      firstName: `Ed${token}`,
      lastName: `Na${token}`,
    });
    expect(blankEmail.map((entry) => entry.id)).toEqual([byName.id]);
    expect(await duplicates(client, "TSS", { email: "", firstName: "", lastName: "" })).toEqual([]);
    expect(await duplicates(client, "TSS", { email: " ", firstName: " ", lastName: " " })).toEqual([]);
    expect(await duplicates(client, "TSS", {})).toEqual([]);
  });

  it("includes archived leads, marked isArchived", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("dupa");
    const email = `${token}@dup.example`;
    const archived = await createLead(client, { email });
    expect((await client.delete(`/api/leads/${archived.id}`)).status).toBe(200);
    const active = await createLead(client, { email });

    const found = await duplicates(client, "TSS", { email });
    expect(found.map((entry) => entry.id).sort()).toEqual([archived.id, active.id].sort());
    expect(found.find((entry) => entry.id === archived.id)).toMatchObject({ isArchived: true });
    expect(found.find((entry) => entry.id === active.id)).toMatchObject({ isArchived: false });
  });

  it("never includes another division's leads; 403 for a division not in access, 400 unknown, 401", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("dupd");
    const email = `${token}@dup.example`;
    const names = { firstName: `Di${token}`, lastName: `Vi${token}` };
    const nlh = await createLead(client, { email, ...names, companyDivision: "NLH" });

    expect(await duplicates(client, "TSS", { email, ...names })).toEqual([]);
    expect((await duplicates(client, "NLH", { email, ...names })).map((entry) => entry.id)).toEqual([nlh.id]);

    const { client: tssOnly } = await userWith(["TSS"]);
    const forbidden = await tssOnly.get(`/api/leads/NLH/duplicates?email=${encodeURIComponent(email)}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual(FORBIDDEN);
    const unknown = await tssOnly.get(`/api/leads/XYZ/duplicates?email=${encodeURIComponent(email)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: "Unknown division" });
    const signedOut = await new ApiClient().get(
      `/api/leads/TSS/duplicates?email=${encodeURIComponent(email)}`,
    );
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual(UNAUTHORIZED);
  });
});

describe("GET /api/leads/detail/{id}", () => {
  it("answers the lead with leadNotes, its progress oldest first and its notes newest first", async () => {
    const { user, client } = await userWith(["TSS"], { firstName: "Dora", lastName: "Detail" });
    const lead = await createLead(client, { notes: "The lead's own text", estimatedValue: 42 });

    const detail = await leadDetail(client, lead.id);
    expect(Object.keys(detail).sort()).toEqual(
      [...LEAD_KEYS.filter((key) => key !== "notes"), "leadNotes", "notes", "progress"].sort(),
    );
    const { notes: _text, ...leadFields } = lead;
    expect(detail).toMatchObject(leadFields);
    expect(detail.leadNotes).toBe("The lead's own text");
    expect(detail.notes).toEqual([]);
    expect(detail.progress).toHaveLength(1);
    expect(detail.progress[0]).toEqual({
      id: expect.stringMatching(UUID),
      status: "NEW",
      notes: detail.progress[0].notes,
      createdAt: expect.stringMatching(ISO_UTC),
    });
    expect(Object.keys(detail.progress[0]).sort()).toEqual(["createdAt", "id", "notes", "status"]);
    expect([null, "string"]).toContain(
      detail.progress[0].notes === null ? null : typeof detail.progress[0].notes,
    );

    const first = await createNote(client, lead.id, { content: "First note" });
    const second = await createNote(client, lead.id, {
      content: "Second note",
      followUpDate: "2030-01-02T10:00:00.000Z",
    });
    const third = await createNote(client, lead.id, {
      content: "Third note",
      noteType: "VOICE",
      voiceDuration: 7,
    });
    const withNotes = await leadDetail(client, lead.id);
    expect(withNotes.notes.map((note) => note.id)).toEqual([third.id, second.id, first.id]);
    for (const note of withNotes.notes) {
      expect(Object.keys(note).sort()).toEqual([
        "content",
        "createdAt",
        "createdBy",
        "followUpDate",
        "hasAudio",
        "id",
        "isFollowUpComplete",
        "noteType",
        "voiceDuration",
      ]);
      expect(note.createdBy).toEqual({ id: user.id, firstName: "Dora", lastName: "Detail" });
      expect(note.createdAt).toMatch(ISO_UTC);
    }
    expect(withNotes.notes[1]).toMatchObject({
      content: "Second note",
      noteType: "TEXT",
      voiceDuration: null,
      hasAudio: false,
      followUpDate: "2030-01-02T10:00:00.000Z",
      isFollowUpComplete: false,
    });
    expect(withNotes.notes[0]).toMatchObject({
      content: "Third note",
      noteType: "VOICE",
      voiceDuration: "7",
    });
    expect(withNotes.notes[2]).toMatchObject({ content: "First note", followUpDate: null });
    expect(withNotes.leadNotes).toBe("The lead's own text");
  });

  it("adds one progress entry per status change and none for a save without one", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client, { status: "CONTACTED" });
    const statuses = async () => (await leadDetail(client, lead.id)).progress.map((entry) => entry.status);
    expect(await statuses()).toEqual(["CONTACTED"]);

    expect((await client.patch(`/api/leads/${lead.id}`, { status: "QUALIFIED" })).status).toBe(200);
    expect(await statuses()).toEqual(["CONTACTED", "QUALIFIED"]);
    expect((await client.patch(`/api/leads/${lead.id}`, { firstName: "Renamed" })).status).toBe(200);
    expect((await client.patch(`/api/leads/${lead.id}`, { status: "QUALIFIED", phone: "123" })).status).toBe(
      200,
    );
    expect((await client.patch(`/api/leads/${lead.id}`, {})).status).toBe(200);
    expect(await statuses()).toEqual(["CONTACTED", "QUALIFIED"]);
    expect((await client.patch(`/api/leads/${lead.id}`, { status: "NEW" })).status).toBe(200);
    expect((await client.patch(`/api/leads/${lead.id}`, { status: "CLOSED_WON" })).status).toBe(200);

    const { progress } = await leadDetail(client, lead.id);
    expect(progress.map((entry) => entry.status)).toEqual(["CONTACTED", "QUALIFIED", "NEW", "CLOSED_WON"]);
    expect(new Set(progress.map((entry) => entry.id)).size).toBe(4);
    const times = progress.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it("answers 404 for an unknown, malformed or foreign id, and 401 signed out", async () => {
    const { client: owner } = await userWith(["TSS"]);
    const { client: stranger } = await userWith(["NLH"]);
    const lead = await createLead(owner);
    for (const id of [missingId(), "not-a-uuid", lead.id]) {
      const result = await stranger.get(`/api/leads/detail/${id}`);
      expect(result.status).toBe(404);
      expect(result.body).toEqual(NOT_FOUND);
    }
    const signedOut = await new ApiClient().get(`/api/leads/detail/${lead.id}`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual(UNAUTHORIZED);
  });
});

describe("PATCH /api/leads/{id}", () => {
  it("updates only the fields sent and keeps the others", async () => {
    const { client } = await userWith(["TSS"]);
    const assignee = await createUser(admin, { companies: ["TSS"] });
    const lead = await createLead(client, {
      phone: "111",
      position: "Owner",
      status: "QUALIFIED",
      estimatedValue: 999.9,
      notes: "Keep me",
      assignedToId: assignee.id,
    });

    const result = await client.patch<ApiLead>(`/api/leads/${lead.id}`, {
      phone: "222",
      lastName: "Changed",
    });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(LEAD_KEYS);
    const { updatedAt: _before, ...unchanged } = lead;
    expect(result.body).toEqual({
      ...unchanged,
      phone: "222",
      lastName: "Changed",
      version: 2,
      updatedAt: expect.stringMatching(ISO_UTC),
    });
    expect(result.body.estimatedValue).toBe("999.90");
    expect(result.body.assignedTo).toEqual(personOf(assignee));
    expect(Date.parse(result.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(lead.updatedAt));
    expect(await readLead(client, lead.id)).toEqual(result.body);
  });

  it("updates every field of the form at once", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client, { phone: "1", position: "P", notes: "N", estimatedValue: 5 });
    const token = uniqueToken("upd");
    const changes = {
      firstName: "New",
      lastName: "Name",
      email: `${token}@changed.example`,
      phone: "+1 555",
      company: `Changed ${token}`,
      position: "CEO",
      status: "PROPOSAL",
      estimatedValue: 7777.77,
      notes: "Changed notes",
    };
    const result = await client.patch<ApiLead>(`/api/leads/${lead.id}`, changes);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ ...changes, estimatedValue: "7777.77", companyDivision: "TSS" });
    expect(await readLead(client, lead.id)).toMatchObject({ ...changes, estimatedValue: "7777.77" });
    expect((await listLeads(client, "TSS", { search: token })).ids).toEqual([lead.id]);
  });

  it("moves any status to any status", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const path = [
      "CLOSED_WON",
      "NEW",
      "CLOSED_LOST",
      "PROPOSAL",
      "CONTACTED",
      "CLOSED_WON",
      "QUALIFIED",
      "NEW",
    ];
    for (const status of path) {
      const result = await client.patch<ApiLead>(`/api/leads/${lead.id}`, { status });
      expect(result.status).toBe(200);
      expect(result.body.status).toBe(status);
      expect((await readLead(client, lead.id)).status).toBe(status);
    }
    expect(new Set(path)).toEqual(new Set(STATUSES));
  });

  it("raises version on every update and refuses a stale version with 409, changing nothing", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client, { position: "Original" });
    expect(lead.version).toBe(1);

    const current = await client.patch<ApiLead>(`/api/leads/${lead.id}`, { position: "First", version: 1 });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ position: "First", version: 2 });

    const stale = await client.patch(`/api/leads/${lead.id}`, {
      position: "Stale",
      status: "CLOSED_LOST",
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: STALE_MESSAGE });
    const ahead = await client.patch(`/api/leads/${lead.id}`, { position: "Ahead", version: 3 });
    expect(ahead.status).toBe(409);
    expect(ahead.body).toEqual({ message: STALE_MESSAGE });
    const afterConflict = await leadDetail(client, lead.id);
    expect(afterConflict).toMatchObject({ position: "First", status: "NEW", version: 2 });
    expect(afterConflict.progress).toHaveLength(1);
    expect(afterConflict.updatedAt).toBe(current.body.updatedAt);

    // Another reader who read version 2 saves; the first reader's version 2 is then stale.
    const { client: colleague } = await userWith(["TSS"]);
    const colleagues = await colleague.patch<ApiLead>(`/api/leads/${lead.id}`, {
      position: "Colleague",
      version: 2,
    });
    expect(colleagues.status).toBe(200);
    expect(colleagues.body.version).toBe(3);
    expect((await client.patch(`/api/leads/${lead.id}`, { position: "Mine", version: 2 })).status).toBe(409);

    const unversioned = await client.patch<ApiLead>(`/api/leads/${lead.id}`, { position: "No version" });
    expect(unversioned.status).toBe(200);
    expect(unversioned.body).toMatchObject({ position: "No version", version: 4 });
    expect(await readLead(client, lead.id)).toMatchObject({ position: "No version", version: 4 });

    // Archive and restore are updates too.
    expect((await client.delete<ApiLead>(`/api/leads/${lead.id}`)).body.version).toBe(5);
    expect((await client.patch(`/api/leads/${lead.id}`, { position: "Old read", version: 4 })).status).toBe(
      409,
    );
  });

  it("lets only one of two saves based on the same version through", async () => {
    const { client } = await userWith(["TSS"]);
    const { client: colleague } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const results = await Promise.all([
      client.patch<ApiLead>(`/api/leads/${lead.id}`, { position: "Mine", version: 1 }),
      colleague.patch<ApiLead>(`/api/leads/${lead.id}`, { position: "Theirs", version: 1 }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const winner = results.find((result) => result.status === 200)!;
    expect(winner.body.version).toBe(2);
    expect(await readLead(client, lead.id)).toMatchObject({ position: winner.body.position, version: 2 });
  });

  it("never moves a lead to another division", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("move");
    const lead = await createLead(client, { company: `${token} Co` });
    const result = await client.patch(`/api/leads/${lead.id}`, { companyDivision: "NLH" });
    expect([200, 400]).toContain(result.status);
    expect((await readLead(client, lead.id)).companyDivision).toBe("TSS");
    expect((await listLeads(client, "NLH", { search: token })).ids).toEqual([]);
    expect((await listLeads(client, "TSS", { search: token })).ids).toEqual([lead.id]);
  });

  it.each([
    ["firstName", { firstName: "" }, "First name is required"],
    ["lastName", { lastName: "  " }, "Last name is required"],
    ["email", { email: "nope" }, "Valid email is required"],
    ["company", { company: "" }, "Company is required"],
    ["company", { company: null }, "Company is required"],
    ["status", { status: "DONE" }, null],
    ["status", { status: null }, null],
    ["estimatedValue", { estimatedValue: -5 }, null],
    ["estimatedValue", { estimatedValue: "abc" }, null],
    ["version", { version: "x" }, null],
  ])("answers 400 with errors.%s for %j and changes nothing", async (field, body, message) => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client, { estimatedValue: 10 });
    const result = await client.patch(`/api/leads/${lead.id}`, { ...body, position: "Should not stick" });
    expectInvalidInput(result, [field]);
    if (message) expect(result.body.errors[field]).toEqual([message]);
    expect(await readLead(client, lead.id)).toEqual(lead);
  });

  it("clears estimatedValue with null and optional text with an empty string", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client, { estimatedValue: 100, phone: "123", notes: "Text" });
    const result = await client.patch<ApiLead>(`/api/leads/${lead.id}`, { estimatedValue: null, phone: "" });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ estimatedValue: null, phone: null, notes: "Text" });
    expect(await readLead(client, lead.id)).toMatchObject({
      estimatedValue: null,
      phone: null,
      notes: "Text",
    });
  });

  it("sets, refuses and clears the assignee", async () => {
    const { client } = await userWith(["TSS"]);
    const assignee = await createUser(admin, { companies: ["TSS"] });
    const nlhOnly = await createUser(admin, { companies: ["NLH"] });
    const lead = await createLead(client);

    const assigned = await client.patch<ApiLead>(`/api/leads/${lead.id}`, { assignedToId: assignee.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.assignedTo).toEqual(personOf(assignee));

    for (const assignedToId of [nlhOnly.id, missingId()]) {
      expectInvalidInput(await client.patch(`/api/leads/${lead.id}`, { assignedToId }), ["assignedToId"]);
    }
    expect((await readLead(client, lead.id)).assignedTo).toEqual(personOf(assignee));

    const cleared = await client.patch<ApiLead>(`/api/leads/${lead.id}`, { assignedToId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.assignedTo).toBeNull();
    expect((await readLead(client, lead.id)).assignedTo).toBeNull();
  });

  it("answers 404 for an unknown, malformed or foreign id (changing nothing), and 401 signed out", async () => {
    const { client: owner } = await userWith(["TSS"]);
    const { client: stranger } = await userWith(["NLH"]);
    const lead = await createLead(owner);
    for (const id of [missingId(), "not-a-uuid", lead.id]) {
      const result = await stranger.patch(`/api/leads/${id}`, { firstName: "Hacked" });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(NOT_FOUND);
    }
    // The record is looked up before the input is judged.
    expect((await stranger.patch(`/api/leads/${lead.id}`, { firstName: "" })).status).toBe(404);
    const signedOut = await new ApiClient().patch(`/api/leads/${lead.id}`, { firstName: "Hacked" });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual(UNAUTHORIZED);
    expect(await readLead(owner, lead.id)).toEqual(lead);
  });
});

describe("division scoping", () => {
  it("never shows a user with only NLH a TSS lead, through any endpoint", async () => {
    const { client: tss } = await userWith(["TSS"]);
    const { client: nlh } = await userWith(["NLH"]);
    const token = uniqueToken("scope");
    const email = `${token}@scope.example`;
    const names = { firstName: `Sc${token}`, lastName: `Op${token}` };
    const active = await createLead(tss, { company: `${token} active`, email, ...names });
    const archived = await createLead(tss, { company: `${token} archived`, email, ...names });
    expect((await tss.delete(`/api/leads/${archived.id}`)).status).toBe(200);
    const note = await createNote(tss, active.id, { followUpDate: "2030-05-05" });
    const own = await createLead(nlh, { company: `${token} own`, companyDivision: "NLH" });

    for (const path of [
      "/api/leads/TSS",
      "/api/leads/TSS/archived",
      `/api/leads/TSS/duplicates?email=${email}`,
    ]) {
      const result = await nlh.get(path);
      expect(result.status).toBe(403);
      expect(result.body).toEqual(FORBIDDEN);
    }
    expect((await listLeads(nlh, "NLH", { search: token })).ids).toEqual([own.id]);
    expect((await listLeads(nlh, "NLH", { search: token }, { archived: true })).ids).toEqual([]);
    const dupes = await nlh.get(`/api/leads/NLH/duplicates?${new URLSearchParams({ email, ...names })}`);
    expect(dupes.status).toBe(200);
    expect(dupes.body).toEqual([]);

    const attempts = [
      await nlh.get(`/api/leads/detail/${active.id}`),
      await nlh.get(`/api/leads/detail/${archived.id}`),
      await nlh.patch(`/api/leads/${active.id}`, { status: "CLOSED_LOST" }),
      await nlh.delete(`/api/leads/${active.id}`),
      await nlh.patch(`/api/leads/${archived.id}/unarchive`),
      await nlh.post("/api/notes", { leadId: active.id, content: "Sneaky" }),
      await nlh.patch(`/api/notes/${note.id}`, { isFollowUpComplete: true }),
    ];
    for (const result of attempts) {
      expect(result.status).toBe(404);
      expect(result.body).toEqual(NOT_FOUND);
    }

    const detail = await leadDetail(tss, active.id);
    expect(detail).toMatchObject({ status: "NEW", isArchived: false, version: 1 });
    expect(detail.notes.map((entry) => entry.id)).toEqual([note.id]);
    expect(detail.notes[0].isFollowUpComplete).toBe(false);
    expect((await readLead(tss, archived.id)).isArchived).toBe(true);
  });

  it("follows a change of the user's access at once", async () => {
    const { user, client } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("revoke");
    const lead = await createLead(client, { company: `${token} Co` });
    expect((await listLeads(client, "TSS", { search: token })).ids).toEqual([lead.id]);

    const revoked = await admin.delete(`/api/admin/users/${user.id}/company-access/TSS`);
    expect(revoked.status).toBe(200);
    expect((await client.get(`/api/leads/TSS?search=${token}`)).status).toBe(403);
    expect((await client.get(`/api/leads/detail/${lead.id}`)).status).toBe(404);
    expect((await client.post("/api/leads", leadInput({ companyDivision: "TSS" }))).status).toBe(403);
  });
});
