// The contacts API (SPEC.md section 7 "Contacts", the contact form of section 5, CONTRACT.md's Contact object
// and related leads), the company suggestions of the Add New Contact dialog, and the audit rows they write.
import { describe, expect, it } from "vitest";
import { FORBIDDEN, ISO_UTC, NOT_FOUND, UNAUTHORIZED, UUID, expectInvalidInput } from "../support/answers";
import { ApiClient, missingId } from "../support/api-client";
import { CONTACT_KEYS, contactInput, createContact, type ApiContact } from "../support/contacts";
import { databaseUrl, testSql } from "../support/database";
import { createLead, uniqueToken, userWith } from "../support/leads";

async function listContacts(client: ApiClient, division: string, query: Record<string, string> = {}) {
  const qs = new URLSearchParams(query).toString();
  const result = await client.get<ApiContact[]>(`/api/contacts/${division}${qs ? `?${qs}` : ""}`);
  expect(result.status).toBe(200);
  return {
    contacts: result.body,
    total: Number(result.headers.get("x-total-count")),
    ids: result.body.map((c) => c.id),
  };
}

describe("POST /api/contacts", () => {
  it("creates a contact: 201 with CONTRACT.md's Contact object", async () => {
    const { client } = await userWith(["TSS"]);
    const input = contactInput({ email: "  Mixed.Case@Example.COM " });
    const result = await client.post<ApiContact>("/api/contacts", input);
    expect(result.status).toBe(201);
    expect(Object.keys(result.body).sort()).toEqual(CONTACT_KEYS);
    expect(result.body).toMatchObject({
      firstName: "Cora",
      lastName: "Contact",
      email: "Mixed.Case@Example.COM",
      phone: "01632 960000",
      company: input.company,
      position: "Buyer",
      companyDivision: "TSS",
    });
    expect(result.body.id).toMatch(UUID);
    expect(result.body.createdAt).toMatch(ISO_UTC);
  });

  it("takes e-mail, phone and position as optional (blank is none)", async () => {
    const { client } = await userWith(["TSS"]);
    const contact = await createContact(client, { email: "", phone: "  ", position: undefined });
    expect(contact).toMatchObject({ email: null, phone: null, position: null });
  });

  it.each([
    [{ firstName: "" }, "firstName", "First name is required"],
    [{ lastName: "   " }, "lastName", "Last name is required"],
    [{ company: "" }, "company", "Company is required"],
    [{ email: "not-an-email" }, "email", "Valid email is required"],
  ])("refuses %j: 400 with SPEC.md's message, nothing stored", async (override, field, message) => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("bad");
    const result = await client.post("/api/contacts", contactInput({ company: `${token} Co`, ...override }));
    expectInvalidInput(result, [field]);
    expect(result.body.errors[field]).toContain(message);
    expect((await listContacts(client, "TSS", { search: token })).total).toBe(0);
  });

  it("answers 401 signed out, 403 for a division not in access, 400 for no division", async () => {
    expect((await new ApiClient().post("/api/contacts", contactInput())).body).toEqual(UNAUTHORIZED);
    const { client } = await userWith(["NLH"]);
    const forbidden = await client.post("/api/contacts", contactInput({ companyDivision: "TSS" }));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual(FORBIDDEN);
    expectInvalidInput(await client.post("/api/contacts", contactInput({ companyDivision: "XYZ" })), [
      "companyDivision",
    ]);
    // Without a division, every field at fault is named.
    const empty = await client.post("/api/contacts", {});
    expectInvalidInput(empty, ["companyDivision", "firstName", "lastName", "company"]);
  });
});

describe("GET /api/contacts/{division}", () => {
  it("lists the division's contacts by company, then name, with X-Total-Count; pages with limit and offset", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("grid");
    const c = await createContact(client, { company: `${token} Charlie`, lastName: "Able" });
    const a2 = await createContact(client, { company: `${token} alpha`, lastName: "Zed", firstName: "Amy" });
    const a1 = await createContact(client, { company: `${token} Alpha`, lastName: "Baker", firstName: "Bo" });
    const b = await createContact(client, { company: `${token} Bravo`, lastName: "Able" });
    const all = await listContacts(client, "TSS", { search: token });
    expect(all.ids).toEqual([a1.id, a2.id, b.id, c.id]);
    expect(all.total).toBe(4);
    const page = await listContacts(client, "TSS", { search: token, limit: "2", offset: "1" });
    expect(page.ids).toEqual([a2.id, b.id]);
    expect(page.total).toBe(4);
    for (const contact of page.contacts) expect(Object.keys(contact).sort()).toEqual(CONTACT_KEYS);
  });

  it("searches company, first and last name and e-mail, any case; company matches come first", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("find");
    const byName = await createContact(client, { company: `Aardvark ${token}x`, firstName: `Zeta${token}` });
    const byCompany = await createContact(client, { company: `Zulu Zeta${token} Ltd` });
    const byEmail = await createContact(client, { email: `zeta${token}@mail.example` });
    const result = await listContacts(client, "TSS", { search: `ZETA${token}` });
    // Company matches first, then the others in the grid's order (company, then name).
    expect(result.ids[0]).toBe(byCompany.id);
    expect(result.ids.slice(1).sort()).toEqual([byName.id, byEmail.id].sort());
    expect(result.total).toBe(3);
    expect((await listContacts(client, "TSS", { search: `${token}x` })).ids).toEqual([byName.id]);
  });

  it("matches a search within one field, never from one field into the next", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("cedge");
    const contact = await createContact(client, { firstName: `Ann${token}`, lastName: "Smithers" });
    const twoLines = await createContact(client, { company: `North ${token}\nSouth Ltd` });

    expect((await listContacts(client, "TSS", { search: `${token} smith` })).ids).toEqual([]);
    expect((await listContacts(client, "TSS", { search: `${token}\nsmith` })).ids).toEqual([]);
    expect((await listContacts(client, "TSS", { search: `ann${token}` })).ids).toEqual([contact.id]);
    // A line break inside one field is found like any other character.
    const found = await listContacts(client, "TSS", { search: `${token}\nsouth` });
    expect(found.ids).toEqual([twoLines.id]);
    expect(found.total).toBe(1);
  });

  it("never lists another division's contacts; 403 and 400 for the division", async () => {
    const { client: both } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("scope");
    await createContact(both, { company: `${token} North`, companyDivision: "NLH" });
    const tss = await createContact(both, { company: `${token} South` });
    expect((await listContacts(both, "TSS", { search: token })).ids).toEqual([tss.id]);
    const { client: tssOnly } = await userWith(["TSS"]);
    expect((await tssOnly.get("/api/contacts/NLH")).status).toBe(403);
    expect((await tssOnly.get("/api/contacts/ABC")).body).toEqual({ message: "Unknown division" });
    expect((await tssOnly.get("/api/contacts/TSS?limit=0")).status).toBe(400);
  });
});

describe("GET /api/contacts/{id}/leads", () => {
  it("lists the division's leads with the contact's company (trimmed, any case) and those it is main contact of", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("rel");
    const contact = await createContact(client, { company: `Harbour ${token} Ltd` });
    const sameCompany = await createLead(client, { company: `  harbour ${token} LTD ` });
    // A lead with the contact's e-mail gets it as main contact, whatever its company.
    const asMain = await createLead(client, { company: `Elsewhere ${token}`, email: contact.email });
    expect(asMain.mainContactId).toBe(contact.id);
    await createLead(client, { company: `Harbour ${token} Ltd`, companyDivision: "NLH" });
    await createLead(client, { company: `Harbour ${token} Ltd and more` });
    const result = await client.get(`/api/contacts/${contact.id}/leads`);
    expect(result.status).toBe(200);
    expect(result.headers.get("x-total-count")).toBe("2");
    expect(result.body.map((lead: { id: string }) => lead.id).sort()).toEqual(
      [sameCompany.id, asMain.id].sort(),
    );
    // The main-contact lead comes first.
    expect(result.body[0].id).toBe(asMain.id);

    // Paged like every list: a page, its total, and the cursor of the next.
    const first = await client.get(`/api/contacts/${contact.id}/leads?limit=1`);
    expect(first.body.map((lead: { id: string }) => lead.id)).toEqual([asMain.id]);
    expect(first.headers.get("x-total-count")).toBe("2");
    const next = await client.get(
      `/api/contacts/${contact.id}/leads?limit=1&cursor=${first.headers.get("x-next-cursor")}`,
    );
    expect(next.body.map((lead: { id: string }) => lead.id)).toEqual([sameCompany.id]);
    expect(next.headers.get("x-next-cursor")).toBeNull();
    const offset = await client.get(`/api/contacts/${contact.id}/leads?limit=5&offset=1`);
    expect(offset.body.map((lead: { id: string }) => lead.id)).toEqual([sameCompany.id]);
    expectInvalidInput(await client.get(`/api/contacts/${contact.id}/leads?limit=0`), ["limit"]);
  });

  it("answers 404 for an unknown, malformed or foreign contact, 401 signed out", async () => {
    const { client: nlh } = await userWith(["NLH"]);
    const foreign = await createContact(nlh, { companyDivision: "NLH" });
    const { client } = await userWith(["TSS"]);
    for (const id of [foreign.id, missingId(), "not-an-id"]) {
      const result = await client.get(`/api/contacts/${id}/leads`);
      expect(result.status, id).toBe(404);
      expect(result.body).toEqual(NOT_FOUND);
      // The contact is looked for before the query is checked (CONTRACT.md's order).
      expect((await client.get(`/api/contacts/${id}/leads?limit=0`)).status, id).toBe(404);
    }
    expect((await new ApiClient().get(`/api/contacts/${foreign.id}/leads`)).status).toBe(401);
  });
});

describe("PATCH /api/contacts/{id}", () => {
  it("updates the fields sent and keeps the others", async () => {
    const { client } = await userWith(["TSS"]);
    const contact = await createContact(client);
    const result = await client.patch<ApiContact>(`/api/contacts/${contact.id}`, {
      firstName: "Corinne",
      position: "",
      phone: "07700 900123",
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ...contact, firstName: "Corinne", position: null, phone: "07700 900123" });
  });

  it.each([
    [{ firstName: "" }, "firstName"],
    [{ company: " " }, "company"],
    [{ email: "nope" }, "email"],
  ])("refuses %j with 400 and changes nothing", async (body, field) => {
    const { client } = await userWith(["TSS"]);
    const contact = await createContact(client);
    expectInvalidInput(await client.patch(`/api/contacts/${contact.id}`, body), [field]);
    const [after] = (await listContacts(client, "TSS", { search: contact.company })).contacts;
    expect(after).toEqual(contact);
  });

  it("answers 404 for a contact in another division (changing nothing) or an unknown one", async () => {
    const { client: nlh } = await userWith(["NLH"]);
    const foreign = await createContact(nlh, { companyDivision: "NLH" });
    const { client } = await userWith(["TSS"]);
    expect((await client.patch(`/api/contacts/${foreign.id}`, { firstName: "X" })).status).toBe(404);
    expect((await client.patch(`/api/contacts/${missingId()}`, { firstName: "X" })).status).toBe(404);
    const [still] = (await listContacts(nlh, "NLH", { search: foreign.company })).contacts;
    expect(still.firstName).toBe(foreign.firstName);
  });
});

describe("GET /api/companies/{division}?search=", () => {
  it("suggests the division's lead companies containing the text: de-duplicated, sorted, at most 5", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("sug");
    for (const company of [
      `Delta ${token}`,
      `alpha ${token}`,
      `Alpha ${token} `,
      `Echo ${token}`,
      `Bravo ${token}`,
    ]) {
      await createLead(client, { company });
    }
    await createLead(client, { company: `Charlie ${token}` });
    await createLead(client, { company: `Foxtrot ${token}` });
    await createLead(client, { company: `Golf ${token}`, companyDivision: "NLH" });
    const result = await client.get(`/api/companies/TSS?search=${token.toUpperCase()}`);
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(5);
    expect(result.body.map((name: string) => name.toLowerCase())).toEqual(
      ["alpha", "bravo", "charlie", "delta", "echo"].map((word) => `${word} ${token}`),
    );
    expect((await client.get(`/api/companies/TSS?search=`)).body).toEqual([]);
    const { client: nlhOnly } = await userWith(["NLH"]);
    expect((await nlhOnly.get(`/api/companies/TSS?search=${token}`)).status).toBe(403);
  });
});

describe.runIf(databaseUrl())("audit rows", () => {
  it("a contact's creation and update are recorded with who, what and from where", async () => {
    const { client, user } = await userWith(["TSS"]);
    const contact = await createContact(client);
    await client.patch(`/api/contacts/${contact.id}`, { lastName: "Changed" });
    const rows = await testSql()`
      select action, user_id, resource, details, ip_address, user_agent from audit_log
       where resource = ${`contact:${contact.id}`} order by created_at, action`;
    expect(rows.map((row) => row.action)).toEqual(["CONTACT_CREATED", "CONTACT_UPDATED"]);
    for (const row of rows) {
      expect(row.userId).toBe(user.id);
      expect(row.ipAddress).toBeTruthy();
      expect(row.details).not.toBe("");
    }
    expect(rows[1].details).toContain("last_name");
  });
});
