// GET /api/leads/{division} and /archived, archive and restore: CONTRACT.md's lead lists (filters, sort, paging, X-Total-Count).
// The database is shared with the other test files: every test makes its own users, and its own leads under a
// unique token that it filters by with `search`.
import { describe, expect, it } from "vitest";
import { FORBIDDEN, ISO_UTC, NOT_FOUND, UNAUTHORIZED, expectInvalidInput } from "../support/answers";
import { ApiClient, missingId } from "../support/api-client";
import {
  type ApiLead,
  LEAD_KEYS,
  createLead,
  listLeads,
  readLead,
  uniqueToken,
  userWith,
} from "../support/leads";

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

    // Unsearched, the total is counted from the creator and assignee indexes: a lead Alice both created and
    // is assigned counts once, and a status filter narrows it.
    const both = await createLead(aliceClient, {
      company: `5 ${token}`,
      assignedToId: alice.id,
      status: "QUALIFIED",
    });
    const unsearched = await listLeads(aliceClient, "TSS", { myLeadsOnly: "true", limit: "2" });
    expect(unsearched.total).toBe(4);
    expect(unsearched.ids).toEqual([both.id, aliceToBob.id]);
    const qualified = await listLeads(aliceClient, "TSS", { myLeadsOnly: "true", status: "QUALIFIED" });
    expect(qualified.ids).toEqual([both.id]);
    expect(qualified.total).toBe(1);
    expect((await listLeads(bobClient, "TSS", { myLeadsOnly: "true", limit: "1" })).total).toBe(3);

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

  it("matches a search within one field, never from one field into the next", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("edge");
    const lead = await createLead(client, { firstName: `Ann${token}`, lastName: "Smithers" });
    const twoLines = await createLead(client, { company: `North ${token}\nSouth Ltd` });

    expect((await listLeads(client, "TSS", { search: `${token} smith` })).ids).toEqual([]);
    expect((await listLeads(client, "TSS", { search: `${token}\nsmith` })).ids).toEqual([]);
    expect((await listLeads(client, "TSS", { search: `ann${token}` })).ids).toEqual([lead.id]);
    // A line break inside one field is found like any other character.
    const found = await listLeads(client, "TSS", { search: `${token}\nsouth` });
    expect(found.ids).toEqual([twoLines.id]);
    expect(found.total).toBe(1);
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
    // Without dir, each column's own default (DEFAULT_SORT_DIRECTION): A to Z for names, largest value first.
    expect(await sorted("company", null)).toEqual([alpha.id, bravo.id, charlie.id]);
    expect(await sorted("contact", null)).toEqual([alpha.id, charlie.id, bravo.id]);
    expect(withValue(await sorted("value", null))).toEqual([bravo.id, charlie.id]);
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

  it("lists /archived newest update first (CONTRACT.md), not by archived date", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("archorder");
    const first = await createLead(client, { company: `${token} first` });
    const second = await createLead(client, { company: `${token} second` });
    await client.delete(`/api/leads/${first.id}`);
    await client.delete(`/api/leads/${second.id}`);
    // Edited after both were archived: the newest update, though archived first.
    expect((await client.patch(`/api/leads/${first.id}`, { position: "Edited" })).status).toBe(200);
    expect((await listLeads(client, "TSS", { search: token }, { archived: true })).ids).toEqual([
      first.id,
      second.id,
    ]);
    expect(
      (await listLeads(client, "TSS", { search: token, sort: "archived" }, { archived: true })).ids,
    ).toEqual([second.id, first.id]);
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
