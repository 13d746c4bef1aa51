// A long search gives the trigram index only its rarest parts and checks the whole search on the rows they
// find (docs/decisions/020-search-probes.md). These tests take that path on purpose, through the models in this
// process, and check that a row holding the parts but not the search is not found.
import { describe, expect, it } from "vitest";
import type { Actor } from "../../app/models/actor.server";
import { createContact } from "../support/contacts";
import { connectAppDatabase, databaseUrl, testSql } from "../support/database";
import { createLead, uniqueToken, userWith } from "../support/leads";

describe.runIf(databaseUrl())("searches given to the trigram index in parts", () => {
  connectAppDatabase();

  /** The actor of a new user with access to TSS, and a long search made of two unique tokens. */
  async function setUp() {
    const { user, client } = await userWith(["TSS"]);
    const search = `${uniqueToken("probe")}${uniqueToken("")}`;
    const actor = {
      user: { id: user.id, role: "SALES", companyAccess: [{ company: "TSS" }] },
      info: { ipAddress: "127.0.0.1", userAgent: "test" },
    } as unknown as Actor;
    return { client, actor, search };
  }

  /**
   * The search's parts, from statistics of a table as full as a real one: ANALYZE sees 2,000 more rows, in a
   * transaction that removes them again (other tests never see them), and the statistics stay. The test means
   * nothing if the whole search is given to the index.
   */
  async function probesFor(table: "leads" | "contacts", search: string) {
    await testSql().begin(async (tx) => {
      await tx`
        insert into ${tx(table)} (first_name, last_name, email, company, company_division)
        select 'Bulk', 'Row ' || i, 'bulk' || i || '@probes.example', 'Bulk ' || md5(i::text), 'TSS'
          from generate_series(1, 2000) i`;
      await tx`analyze ${tx(table)}`;
      await tx`delete from ${tx(table)} where email like '%@probes.example'`;
    });
    const { readSearchStatistics, searchProbes } = await import("../../app/models/search-statistics.server");
    expect(await readSearchStatistics(table)).not.toBeNull();
    const probes = searchProbes(table, search);
    expect(probes?.length).toBeGreaterThan(1);
    return probes!;
  }

  it("finds the leads holding the whole search, not those holding only its parts", async () => {
    const { client, actor, search } = await setUp();
    const holding = await createLead(client, { company: `Stone ${search.toUpperCase()} Ltd` });
    const byEmail = await createLead(client, { email: `${search}@example.com` });
    const probes = await probesFor("leads", search);
    // The parts in the search's order, apart: every probe matches, the search does not.
    await createLead(client, { company: probes.join(" ") });

    const { listLeadPage, streamLeads } = await import("../../app/models/lead-list.server");
    const page = await listLeadPage(actor, "TSS", { archived: false, search }, { limit: 50 });
    expect(page.leads.map((lead) => lead.id).sort()).toEqual([holding.id, byEmail.id].sort());
    expect(page.total).toBe(2);
    const streamed = await streamLeads(actor, "TSS", { archived: false, search: ` ${search} ` });
    expect(streamed.total).toBe(2);
    const rows = [];
    for await (const batch of streamed.batches) rows.push(...batch);
    expect(rows.map((lead) => lead.id).sort()).toEqual([holding.id, byEmail.id].sort());

    // The Add New Contact dialog's company suggestions take their candidates the same way.
    const { suggestCompanies } = await import("../../app/models/contact.server");
    expect(await suggestCompanies(actor, "TSS", search)).toEqual([holding.company]);
  });

  it("finds the contacts holding the whole search, not those holding only its parts", async () => {
    const { client, actor, search } = await setUp();
    const holding = await createContact(client, { lastName: `Mc${search}` });
    const probes = await probesFor("contacts", search);
    await createContact(client, { company: probes.join(" ") });

    const { listContactPage } = await import("../../app/models/contact.server");
    const page = await listContactPage(actor, "TSS", { search }, { limit: 50 });
    expect(page.contacts.map((contact) => contact.id)).toEqual([holding.id]);
    expect(page.total).toBe(1);
  });
});
