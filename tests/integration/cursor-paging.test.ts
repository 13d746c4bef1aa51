// Keyset paging (docs/decisions/005-cursors.md): every paged list takes `cursor` beside limit/offset, answers
// the next one in X-Next-Cursor and a Link header, and a walk by cursor returns each row once, in the list's
// order, while others write. Each test makes its own data under a unique token and filters by it.
import { describe, expect, it } from "vitest";
import { expectInvalidInput } from "../support/answers";
import type { ApiClient, ApiResult } from "../support/api-client";
import { createContact } from "../support/contacts";
import { databaseUrl, testSql } from "../support/database";
import { adminClient, createLead, listLeads, uniqueToken, userWith } from "../support/leads";

type Row = { id: string };

/** Follows `rel="next"` links from `first` to the end; checks the headers of every page on the way. */
async function walk(client: ApiClient, first: string) {
  const pages: ApiResult<Row[]>[] = [];
  let path: string | null = first;
  while (path) {
    const page: ApiResult<Row[]> = await client.get<Row[]>(path);
    expect(page.status, `${path} ${JSON.stringify(page.body)}`).toBe(200);
    pages.push(page);
    const link = page.headers.get("link");
    const cursor = page.headers.get("x-next-cursor");
    if (!link) {
      expect(cursor).toBeNull();
      path = null;
      continue;
    }
    const [, next] = /^<([^>]+)>; rel="next"$/.exec(link) ?? [];
    expect(next, link).toBeTruthy();
    expect(new URL(next, "http://x").searchParams.get("cursor")).toBe(cursor);
    path = next;
    if (pages.length > 100) throw new Error("the walk does not end");
  }
  return {
    ids: pages.flatMap((page) => page.body.map((row) => row.id)),
    sizes: pages.map((page) => page.body.length),
    totals: pages.map((page) => Number(page.headers.get("x-total-count"))),
  };
}

const ids = (rows: Row[]) => rows.map((row) => row.id);

describe("cursor paging of GET /api/leads/{division}", () => {
  it("walks every sort in both directions in the same order as the whole list, each lead once", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("cur");
    const values = [5000, null, 1200, 5000, null, 80, 99999];
    for (const [i, value] of values.entries()) {
      await createLead(client, {
        company: `${String.fromCharCode(70 - (i % 3))}co ${token}`,
        firstName: ["Ann", "bob", "Cy", "ann"][i % 4],
        lastName: `L${i % 2}`,
        estimatedValue: value,
        status: ["NEW", "PROPOSAL", "CONTACTED"][i % 3],
      });
    }
    for (const sort of ["updated", "company", "contact", "status", "value", "owner"]) {
      for (const dir of ["asc", "desc"]) {
        const query = `search=${token}&sort=${sort}&dir=${dir}`;
        const whole = await listLeads(client, "TSS", { search: token, sort, dir });
        expect(whole.ids).toHaveLength(values.length);
        const walked = await walk(client, `/api/leads/TSS?${query}&limit=2`);
        expect(walked.ids, `${sort} ${dir}`).toEqual(whole.ids);
        expect(walked.sizes).toEqual([2, 2, 2, 1]);
        expect(walked.totals).toEqual([7, 7, 7, 7]);
      }
    }
  });

  it("never skips or repeats a lead that others do not touch while leads are created and archived", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("busy");
    const before = [];
    for (let i = 0; i < 9; i++) before.push(await createLead(client, { company: `Busy ${token}` }));
    // Newest first: the walk meets before[8] first and before[0] last.
    const archivedAhead = [before[1], before[3]];
    const seen: string[] = [];
    let path: string | null = `/api/leads/TSS?search=${token}&limit=3`;
    let writes = 0;
    while (path) {
      const page: ApiResult<Row[]> = await client.get<Row[]>(path);
      seen.push(...ids(page.body));
      if (writes++ === 0) {
        // After the first page: new leads at the top and two not-yet-seen ones archived. Offset paging
        // would now skip two leads; a cursor starts after the last one seen.
        await createLead(client, { company: `Busy ${token}` });
        await createLead(client, { company: `Busy ${token}` });
        for (const lead of archivedAhead)
          expect((await client.delete(`/api/leads/${lead.id}`)).status).toBe(200);
      }
      path = page.headers.get("link")?.match(/^<([^>]+)>/)?.[1] ?? null;
    }
    const untouched = before.filter((lead) => !archivedAhead.includes(lead)).map((lead) => lead.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(untouched.reverse());
  });

  it("keeps the total of a searched walk and of a 'mine' list on every page, and streams the rest without a limit", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("mine");
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await createLead(client, { company: `Mine ${token}` }));

    const walked = await walk(client, "/api/leads/TSS?myLeadsOnly=true&limit=2");
    expect(walked.ids).toEqual(ids(mine).reverse());
    expect(walked.totals).toEqual([5, 5, 5]);

    const first = await client.get<Row[]>(`/api/leads/TSS?search=${token}&limit=2`);
    const cursor = first.headers.get("x-next-cursor")!;
    const rest = await client.get<Row[]>(`/api/leads/TSS?search=${token}&cursor=${cursor}`);
    expect(rest.status).toBe(200);
    expect(rest.headers.get("x-total-count")).toBe("5");
    expect(rest.headers.get("link")).toBeNull();
    expect(ids(rest.body)).toEqual(ids(mine).reverse().slice(2));
  });

  it("sorted by owner (the users walked in name order), agrees with the whole list; a lead without creator comes last", async () => {
    const { user: alice, client } = await userWith(["TSS"], { firstName: "Alice" });
    const { client: bob } = await userWith(["TSS"], { firstName: "bob" });
    const { user: carol, client: carolClient } = await userWith(["TSS"], { firstName: "Carol" });
    const token = uniqueToken("own");
    for (let i = 0; i < 3; i++) await createLead(client, { company: `Own ${token}` });
    for (let i = 0; i < 2; i++) await createLead(bob, { company: `Own ${token}`, assignedToId: alice.id });
    const orphan = await createLead(carolClient, { company: `Own ${token}`, assignedToId: alice.id });
    // The embedded database belongs to the app: there the lead keeps Carol, who sorts after Alice and bob.
    const creatorGone = Boolean(databaseUrl());
    if (creatorGone) await testSql()`update leads set created_by = null where id = ${orphan.id}`;
    else void carol;

    for (const dir of ["asc", "desc"]) {
      // "Mine" is counted beside the page, so the page takes the walk by user (searched, it sorts the matches).
      const query = `myLeadsOnly=true&sort=owner&dir=${dir}`;
      const whole = await client.get<Row[]>(`/api/leads/TSS?${query}`);
      const walked = await walk(client, `/api/leads/TSS?${query}&limit=2`);
      expect(walked.ids, dir).toEqual(ids(whole.body));
      expect(walked.ids).toHaveLength(6);
      // Without a creator it comes last both ways; Carol's comes last ascending, first descending.
      expect(!creatorGone && dir === "desc" ? walked.ids[0] : walked.ids.at(-1)).toBe(orphan.id);
      expect(walked.totals).toEqual([6, 6, 6]);
      const byOffset = await client.get<Row[]>(`/api/leads/TSS?${query}&limit=2&offset=2`);
      expect(ids(byOffset.body)).toEqual(walked.ids.slice(2, 4));
    }
  });

  it("walks the archive by its archived date", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("arch");
    const leads = [];
    for (let i = 0; i < 4; i++) leads.push(await createLead(client, { company: `Arch ${token}` }));
    for (const lead of leads) expect((await client.delete(`/api/leads/${lead.id}`)).status).toBe(200);
    const whole = await listLeads(client, "TSS", { search: token, sort: "archived" }, { archived: true });
    const walked = await walk(client, `/api/leads/TSS/archived?search=${token}&sort=archived&limit=3`);
    expect(walked.ids).toEqual(whole.ids);
    expect(walked.ids).toEqual(ids(leads).reverse());
  });

  it("refuses a cursor it did not write, one beside an offset and one of another order, with 400", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("bad");
    for (let i = 0; i < 3; i++) await createLead(client, { company: `Bad ${token}` });
    const first = await client.get<Row[]>(`/api/leads/TSS?search=${token}&limit=1`);
    const cursor = first.headers.get("x-next-cursor")!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);

    for (const bad of [
      "nonsense",
      "e30",
      Buffer.from('{"o":"leads:updated:desc","k":"x"}').toString("base64url"),
    ]) {
      const result = await client.get(`/api/leads/TSS?limit=1&cursor=${bad}`);
      expectInvalidInput(result, ["cursor"]);
      expect(result.body.errors.cursor).toEqual(["Invalid cursor"]);
    }
    expectInvalidInput(await client.get(`/api/leads/TSS?limit=1&offset=1&cursor=${cursor}`), ["cursor"]);
    const otherOrder = await client.get(`/api/leads/TSS?limit=1&sort=company&cursor=${cursor}`);
    expectInvalidInput(otherOrder, ["cursor"]);
    // A cursor another division's list wrote reveals nothing: it is only a position in an order.
    const nlh = await client.get(`/api/leads/NLH?limit=1&cursor=${cursor}`);
    expect(nlh.status).toBe(403);
  });
});

/** The cursor of the same list and order, with every key value one that no column of the key can be read as. */
function forged(cursor: string) {
  const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { k: unknown[] };
  return Buffer.from(JSON.stringify({ ...parsed, k: parsed.k.map(() => "x") })).toString("base64url");
}

describe("a forged cursor", () => {
  it("is answered 400 Invalid input, a page or a whole list, in every list that takes one", async () => {
    const admin = await adminClient();
    const contact = await createContact(admin);
    for (let i = 0; i < 2; i++) {
      await admin.delete(`/api/leads/${(await createLead(admin)).id}`); // archived
      await createLead(admin, { company: contact.company });
      await createContact(admin);
    }
    for (const list of [
      "/api/leads/TSS",
      "/api/leads/TSS/archived",
      "/api/contacts/TSS",
      `/api/contacts/${contact.id}/leads`,
      "/api/admin/audit-log",
      "/api/admin/users",
    ]) {
      const first = await admin.get(`${list}?limit=1`);
      const cursor = first.headers.get("x-next-cursor");
      expect(cursor, list).toBeTruthy();
      for (const query of ["limit=1&", ""]) {
        const result = await admin.get(`${list}?${query}cursor=${forged(cursor!)}`);
        expect(result.status, `${list}?${query}`).toBe(400);
        expect(result.body.message).toBe("Invalid input");
      }
    }
  });
});

describe("cursor paging of the other lists", () => {
  it("walks a division's contacts, searched and not, in the list's order", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("ccur");
    for (const [i, name] of ["Zed", "amy", "Bo", "amy", "Cal"].entries()) {
      await createContact(client, { firstName: name, lastName: `N${i}`, company: `${name} ${token}` });
    }
    // Searched: company matches first, then name (a different shape of order).
    const whole = await client.get<Row[]>(`/api/contacts/TSS?search=${token}`);
    const walked = await walk(client, `/api/contacts/TSS?search=${token}&limit=2`);
    expect(walked.ids).toEqual(ids(whole.body));
    expect(walked.totals).toEqual([5, 5, 5]);

    // Unsearched: the whole division, by company then name; the first pages agree with offset paging.
    const byOffset = await client.get<Row[]>("/api/contacts/TSS?limit=4&offset=0");
    const second = await client.get<Row[]>("/api/contacts/TSS?limit=2");
    const next = await client.get<Row[]>(
      `/api/contacts/TSS?limit=2&cursor=${second.headers.get("x-next-cursor")}`,
    );
    expect([...ids(second.body), ...ids(next.body)]).toEqual(ids(byOffset.body));
  });

  it("walks a contact's related leads, those it is the main contact of first", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("rcur");
    const contact = await createContact(client, { company: `Quay ${token}` });
    for (let i = 0; i < 4; i++) await createLead(client, { company: `Quay ${token}` });
    const main = await createLead(client, { company: `Other ${token}`, email: contact.email });
    await createLead(client, { company: `Quay ${token}` });
    const whole = await client.get<Row[]>(`/api/contacts/${contact.id}/leads`);
    expect(whole.body[0].id).toBe(main.id);
    const walked = await walk(client, `/api/contacts/${contact.id}/leads?limit=2`);
    expect(walked.ids).toEqual(ids(whole.body));
    expect(walked.ids).toHaveLength(6);
    expect(walked.totals).toEqual([6, 6, 6]);
  });

  it("walks the users and the audit log, searched and not", async () => {
    const admin = await adminClient();
    const token = uniqueToken("ucur");
    for (let i = 0; i < 3; i++) await userWith(["TSS"], { firstName: `U${i}${token}` });

    const users = await walk(admin, `/api/admin/users?search=${token}&limit=2`);
    const allUsers = await admin.get<Row[]>(`/api/admin/users?search=${token}`);
    expect(users.ids).toEqual(ids(allUsers.body));
    expect(users.ids).toHaveLength(3);
    expect(users.totals).toEqual([3, 3]);

    const log = await walk(admin, `/api/admin/audit-log?search=${token}&limit=2`);
    const wholeLog = await admin.get<Row[]>(`/api/admin/audit-log?search=${token}`);
    expect(log.ids).toEqual(ids(wholeLog.body));
    expect(log.ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(log.totals)).toEqual(new Set([Number(wholeLog.headers.get("x-total-count"))]));

    const newest = await admin.get<Row[]>("/api/admin/audit-log?limit=3");
    const onward = await admin.get<Row[]>(
      `/api/admin/audit-log?limit=3&cursor=${newest.headers.get("x-next-cursor")}`,
    );
    const sixByOffset = await admin.get<Row[]>("/api/admin/audit-log?limit=6");
    expect([...ids(newest.body), ...ids(onward.body)]).toEqual(ids(sixByOffset.body));
  });

  it("pages a search that matches much of the audit log as it pages one that matches a few", async () => {
    const admin = await adminClient();
    const total = async (query: string) =>
      Number((await admin.get(`/api/admin/audit-log?limit=1${query}`)).headers.get("x-total-count"));
    // Lead events until they are at least one entry in a hundred: the log is then walked newest first for the
    // search's page, where a sparser search is read behind a fence (models/audit.server.ts).
    const { client } = await userWith(["TSS"]);
    for (let i = 0; (await total("&search=lead")) * 100 < (await total("")); i++) {
      if (i === 500) throw new Error("the lead events stay under one in a hundred");
      await createLead(client);
    }
    const first = await admin.get<Row[]>("/api/admin/audit-log?search=lead&limit=3");
    const onward = await admin.get<Row[]>(
      `/api/admin/audit-log?search=lead&limit=3&cursor=${first.headers.get("x-next-cursor")}`,
    );
    const whole = await admin.get<Row[]>("/api/admin/audit-log?search=lead");
    expect([...ids(first.body), ...ids(onward.body)]).toEqual(ids(whole.body).slice(0, 6));
    expect(Number(first.headers.get("x-total-count"))).toBe(whole.body.length);
    expect(onward.headers.get("x-total-count")).toBe(first.headers.get("x-total-count"));
  });
});

describe("a page at an offset", () => {
  /** The two rows after `offset`, then the two its X-Next-Cursor leads to: the four rows from `offset` on. */
  async function offsetThenCursor(client: ApiClient, path: string, offset: number) {
    const joiner = path.includes("?") ? "&" : "?";
    const page = await client.get<Row[]>(`${path}${joiner}limit=2&offset=${offset}`);
    const cursor = page.headers.get("x-next-cursor");
    expect(cursor, path).toBeTruthy();
    const next = await client.get<Row[]>(`${path}${joiner}limit=2&cursor=${cursor}`);
    expect(next.status, path).toBe(200);
    return [...ids(page.body), ...ids(next.body)];
  }

  it("carries the cursor of its own last row, in every list and sort, searched or not", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("offcur");
    for (let i = 0; i < 7; i++) {
      await createLead(client, {
        company: `${String.fromCharCode(70 - (i % 3))}co ${token}`,
        lastName: `L${i % 2}`,
        estimatedValue: i % 2 ? null : 100 * i,
        status: ["NEW", "PROPOSAL", "CONTACTED"][i % 3],
      });
      await createContact(client, { company: `Offcur ${token}`, lastName: `C${i}` });
    }
    for (const sort of ["updated", "company", "contact", "status", "value", "owner"]) {
      for (const search of [token, ""]) {
        const path = `/api/leads/TSS?search=${search}&sort=${sort}&dir=asc`;
        const six = await client.get<Row[]>(`${path}&limit=6`);
        expect(await offsetThenCursor(client, path, 2), `${sort} ${search}`).toEqual(
          ids(six.body).slice(2, 6),
        );
      }
    }
    for (const path of [`/api/contacts/TSS?search=${token}`, "/api/contacts/TSS"]) {
      const six = await client.get<Row[]>(`${path}${path.includes("?") ? "&" : "?"}limit=6`);
      expect(await offsetThenCursor(client, path, 2), path).toEqual(ids(six.body).slice(2, 6));
    }
    const admin = await adminClient();
    const six = await admin.get<Row[]>("/api/admin/audit-log?limit=6");
    expect(await offsetThenCursor(admin, "/api/admin/audit-log", 2)).toEqual(ids(six.body).slice(2, 6));
  });
});
