// The global search (GET /api/search/{division}, /search) and the searches behind it: the whole-word index
// beside the trigram one gives exactly the substring matches (CONTRACT.md), and a page's count stops past
// 10,000 (docs/decisions/030-global-search.md).
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createContact } from "../support/contacts";
import { databaseUrl, testSql } from "../support/database";
import { adminClient, createLead, listLeads, userWith } from "../support/leads";

/** A token of letters alone (the whole-word index answers such a search exactly), no other test's. */
const letters = () =>
  [...crypto.randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join("");

describe.runIf(databaseUrl())("global search", () => {
  it("finds the same leads and contacts as a plain ILIKE, by word, fragment or several runs", async () => {
    const client = await adminClient();
    const w = letters();
    const people = [
      { firstName: `${w}ann`, lastName: "Smith", email: `ann.${w}@stone.example`, company: "Grey Slate Ltd" },
      { firstName: "Bob", lastName: `Mc${w}son`, email: `bob77@${w}-roofs.example`, company: "Roofs Ltd" },
      {
        firstName: "Cara",
        lastName: "Jones",
        email: `cara@jones.example`,
        company: `${w.toUpperCase()} Holdings 42`,
      },
      { firstName: "Dev", lastName: `${w}`, email: `dev.${w}99@dev.example`, company: `Dev ${w} & Co` },
      { firstName: "Eve", lastName: "Long", email: `eve${w}x@long.example`, company: "Long Homes" },
    ];
    for (const person of people) await createLead(client, person);
    for (const person of people) await createContact(client, person);
    const terms = [
      w,
      w.toUpperCase(),
      w.slice(2, 7),
      w.slice(0, 2),
      `${w}ann`,
      `mc${w}`,
      `${w}son`,
      `ann.${w}`,
      `${w}99`,
      `${w}99@dev`,
      `bob77@${w}`,
      `${w}-roofs`,
      `${w} holdings`,
      `${w} Holdings 42`,
      `dev ${w} & c`,
      `${w}x@`,
      `${w}ann\nsmith`,
      `${w}%`,
      `${w}_`,
    ];
    const sql = testSql();
    for (const term of terms) {
      const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const matching = (table: "leads" | "contacts") => sql<{ id: string }[]>`
        select id from ${sql(table)}
         where company_division = 'TSS'
           and (first_name ilike ${pattern} or last_name ilike ${pattern} or email ilike ${pattern}
                or company ilike ${pattern})`;
      const leads = (await matching("leads")).map((row) => row.id).sort();
      const contacts = (await matching("contacts")).map((row) => row.id).sort();
      if (!/[\n%_]/.test(term)) expect(leads.length, term).toBeGreaterThan(0);

      const list = await listLeads(client, "TSS", { search: term, limit: "1000" });
      expect(list.ids.sort(), term).toEqual(leads);
      expect(list.total, term).toBe(leads.length);
      const contactList = await client.get<{ id: string }[]>(
        `/api/contacts/TSS?${new URLSearchParams({ search: term, limit: "1000" })}`,
      );
      expect(contactList.body.map((row) => row.id).sort(), term).toEqual(contacts);
      expect(Number(contactList.headers.get("x-total-count")), term).toBe(contacts.length);

      const found = await client.get(`/api/search/TSS?${new URLSearchParams({ q: term })}`);
      expect(found.status).toBe(200);
      expect(found.body.leads.length, term).toBe(Math.min(5, leads.length));
      expect(found.body.more.leads, term).toBe(leads.length > 5);
      for (const lead of found.body.leads) expect(leads, term).toContain(lead.id);
      for (const contact of found.body.contacts) expect(contacts, term).toContain(contact.id);
      // The companies: the fixture's containing the search (no other test's company holds the token).
      const companies = people
        .map((person) => person.company)
        .filter((company) => !/[\n%_]/.test(term) && company.toLowerCase().includes(term.toLowerCase()));
      expect([...found.body.companies].sort(), term).toEqual([...new Set(companies)].sort());
    }
  });

  it("groups leads, contacts and companies of the division, archived leads marked", async () => {
    const admin = await adminClient();
    const w = letters();
    const active = await createLead(admin, { lastName: `${w}field`, company: `${w} Stone Ltd` });
    const archived = await createLead(admin, { lastName: `Old${w}`, company: `Old ${w} Slate` });
    expect((await admin.delete(`/api/leads/${archived.id}`)).status).toBe(200);
    const contact = await createContact(admin, { lastName: `${w}ley`, company: `${w} Contacts Co` });
    const elsewhere = await createLead(admin, { lastName: `${w}nlh`, companyDivision: "NLH" });

    const found = await admin.get(`/api/search/TSS?q=${w}`);
    expect(found.status).toBe(200);
    expect(found.body.leads).toEqual([
      expect.objectContaining({ id: active.id, isArchived: false }),
      expect.objectContaining({ id: archived.id, isArchived: true }),
    ]);
    expect(found.body.contacts.map((row: { id: string }) => row.id)).toContain(contact.id);
    expect(found.body.companies).toEqual(
      expect.arrayContaining([`${w} Contacts Co`, `${w} Stone Ltd`, `Old ${w} Slate`]),
    );
    expect(JSON.stringify(found.body)).not.toContain(elsewhere.id);
    expect((await admin.get(`/api/search/NLH?q=${w}`)).body.leads).toEqual([
      expect.objectContaining({ id: elsewhere.id }),
    ]);
    expect((await admin.get(`/api/search/TSS?q=`)).body).toEqual({
      leads: [],
      contacts: [],
      companies: [],
      more: { leads: false, contacts: false, companies: false },
    });

    const { client: tssOnly } = await userWith(["TSS"]);
    expect((await tssOnly.get(`/api/search/NLH?q=${w}`)).status).toBe(403);
    expect((await tssOnly.get(`/api/search/TSS?q=${"x".repeat(201)}`)).status).toBe(400);

    // The results page, as a browser without JavaScript gets it.
    const page = await admin.get<string>(`/search?q=${w}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`/search/lead/${archived.id}?q=${w}`);
    expect(page.body).toContain("Archived");
    expect(page.body).toContain(`/contacts?contactId=${contact.id}`);
  });

  it("says 10,000+ on the leads and contacts pages only when a search finds more than 10,000", async () => {
    const admin = await adminClient();
    const w = letters();
    const sql = testSql();
    const add = (rows: number) => sql`
      insert into leads (first_name, last_name, email, company, company_division)
      select 'Bulk', ${w}, 'bulk' || i || '@' || ${w} || '.example', 'Bulk Ltd', 'TSS'
        from generate_series(1, ${rows}) i`;
    try {
      await add(10_000);
      const exact = await admin.get<string>(`/leads?q=${w}`);
      expect(exact.body).toContain("Active Leads (10,000)");
      expect(exact.body).toMatch(/of <!-- -->10,000<!-- --> results/);
      await add(1);
      const capped = await admin.get<string>(`/leads?q=${w}`);
      expect(capped.body).toContain("Active Leads (10,000+)");
      expect(capped.body).toMatch(/of <!-- -->10,000\+<!-- --> results/);
      // The API's count stays exact (CONTRACT.md).
      expect((await listLeads(admin, "TSS", { search: w, limit: "1" })).total).toBe(10_001);

      // The contacts page too.
      await sql`
        insert into contacts (first_name, last_name, email, company, company_division)
        select 'Bulk', ${w}, 'bulk' || i || '@' || ${w} || '.example', 'Bulk Ltd', 'TSS'
          from generate_series(1, 10001) i`;
      const contacts = await admin.get<string>(`/contacts?q=${w}`);
      expect(contacts.body).toMatch(/of <!-- -->10,000\+<!-- --> results/);
      const contactList = await admin.get(`/api/contacts/TSS?search=${w}&limit=1`);
      expect(contactList.headers.get("x-total-count")).toBe("10001");
    } finally {
      await sql`delete from leads where last_name = ${w}`;
      await sql`delete from contacts where last_name = ${w}`;
    }
  });
});
