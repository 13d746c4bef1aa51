// The lead list's further filters (owner, several statuses, value and date ranges, an overdue follow-up) on
// the JSON API and the /leads page alike, and saved views: who sees them, who may change them, their forms.
// The database is shared with other files: each test makes its own users, and narrows lists to their leads
// by owner.
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN, NOT_FOUND, expectInvalidInput } from "../support/answers";
import { decode } from "turbo-stream";
import { baseUrl, type ApiClient } from "../support/api-client";
import { type ApiLead, createLead, createNote, listLeads, uniqueToken, userWith } from "../support/leads";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The loaders' data of a page (its `.data` request, as the browser's router reads it), by route id. */
async function pageData(client: ApiClient, path: string, query = "") {
  const response = await fetch(`${baseUrl()}${path}.data${query ? `?${query}` : ""}`, {
    headers: { cookie: client.cookie! },
  });
  expect(response.status).toBe(200);
  const decoded = await decode(response.body!);
  await decoded.done;
  return decoded.value as Record<string, { data: Record<string, unknown> }>;
}

/** The /leads page's rows and tab counts for a query string. */
async function leadsPage(client: ApiClient, query: string) {
  const data = await pageData(client, "/leads", query);
  return data["routes/_app.leads"].data as unknown as {
    leadIds: string[];
    total: number;
    counts: { active: number; archived: number };
  };
}

describe("the lead list's filters", () => {
  let owner: Awaited<ReturnType<typeof userWith>>;
  let colleague: Awaited<ReturnType<typeof userWith>>;
  let leads: Record<"fresh" | "qualified" | "proposal" | "assigned" | "archived", ApiLead>;

  beforeAll(async () => {
    owner = await userWith(["TSS"]);
    colleague = await userWith(["TSS"]);
    const client = owner.client;
    // In creation order, so the newest update comes first: assigned, proposal, qualified, fresh.
    const fresh = await createLead(client, { status: "NEW", estimatedValue: 500 });
    const qualified = await createLead(client, { status: "QUALIFIED", estimatedValue: 5000 });
    const proposal = await createLead(client, { status: "PROPOSAL" });
    const assigned = await createLead(colleague.client, {
      status: "CLOSED_WON",
      estimatedValue: 20000,
      assignedToId: owner.user.id,
    });
    const archived = await createLead(client, { status: "NEW", estimatedValue: 1000 });
    expect((await client.delete(`/api/leads/${archived.id}`)).status).toBe(200);
    // Overdue: past its time and not complete. A completed past one and a future one are not.
    await createNote(client, qualified.id, { followUpDate: new Date(Date.now() - 3_600_000).toISOString() });
    const done = await createNote(client, fresh.id, { followUpDate: `${day(-2)}T09:00:00Z` });
    expect((await client.patch(`/api/notes/${done.id}`, { isFollowUpComplete: true })).status).toBe(200);
    await createNote(client, proposal.id, { followUpDate: `${day(3)}T09:00:00Z` });
    await createNote(client, archived.id, { followUpDate: `${day(-1)}T09:00:00Z` });
    leads = { fresh, qualified, proposal, assigned, archived };
  });

  /** The API's list of the owner's leads under `query`, by fixture name, newest update first. */
  async function listed(query: Record<string, string>, { archived = false } = {}) {
    const list = await listLeads(owner.client, "TSS", { owner: owner.user.id, ...query }, { archived });
    expect(list.total).toBe(list.ids.length);
    const names = Object.fromEntries(Object.entries(leads).map(([name, lead]) => [lead.id, name]));
    return list.ids.map((id) => names[id]);
  }

  it("narrow the list to exactly the matching leads", async () => {
    expect(await listed({})).toEqual(["assigned", "proposal", "qualified", "fresh"]);
    expect(await listed({ owner: "me" })).toEqual(["assigned", "proposal", "qualified", "fresh"]);
    expect(await listed({}, { archived: true })).toEqual(["archived"]);
    // The colleague's leads: the one they created (assigned to the owner).
    expect((await listLeads(owner.client, "TSS", { owner: colleague.user.id })).ids).toEqual([
      leads.assigned.id,
    ]);

    expect(await listed({ status: "NEW,QUALIFIED" })).toEqual(["qualified", "fresh"]);
    expect(await listed({ status: "CLOSED_WON" })).toEqual(["assigned"]);
    expect(await listed({ minValue: "1000" })).toEqual(["assigned", "qualified"]);
    expect(await listed({ maxValue: "5000" })).toEqual(["qualified", "fresh"]);
    expect(await listed({ minValue: "500", maxValue: "5000" })).toEqual(["qualified", "fresh"]);
    expect(await listed({ minValue: "500.01", maxValue: "4999.99" })).toEqual([]);
    expect(await listed({ overdue: "true" })).toEqual(["qualified"]);
    expect(await listed({ overdue: "true" }, { archived: true })).toEqual(["archived"]);

    expect(await listed({ createdFrom: day(0), createdTo: day(0) })).toHaveLength(4);
    expect(await listed({ createdTo: day(-1) })).toEqual([]);
    expect(await listed({ createdFrom: day(1) })).toEqual([]);
    expect(await listed({ updatedFrom: day(0), status: "PROPOSAL" })).toEqual(["proposal"]);
    expect(await listed({ updatedTo: day(-1) })).toEqual([]);

    // Together, and with the search of CONTRACT.md.
    expect(await listed({ status: "NEW,QUALIFIED,CLOSED_WON", minValue: "1000", overdue: "false" })).toEqual([
      "assigned",
      "qualified",
    ]);
    expect(await listed({ search: leads.qualified.email, minValue: "1" })).toEqual(["qualified"]);
  });

  it("give the page the same rows and counts as the API", async () => {
    const cases: [page: string, api: Record<string, string>][] = [
      [`owner=${owner.user.id}`, {}],
      ["owner=me&status=NEW,QUALIFIED", { status: "NEW,QUALIFIED" }],
      // A GET form's checkboxes repeat the name.
      ["owner=me&status=NEW&status=CLOSED_WON", { status: "NEW,CLOSED_WON" }],
      ["owner=me&minValue=600&maxValue=20000", { minValue: "600", maxValue: "20000" }],
      ["owner=me&overdue=1", { overdue: "true" }],
      [`owner=me&createdFrom=${day(0)}&updatedTo=${day(0)}`, { createdFrom: day(0), updatedTo: day(0) }],
    ];
    for (const [page, api] of cases) {
      const shown = await leadsPage(owner.client, page);
      const list = await listLeads(owner.client, "TSS", { owner: owner.user.id, ...api });
      expect(shown.leadIds, page).toEqual(list.ids);
      expect(shown.total, page).toBe(list.total);
      expect(shown.counts.active, page).toBe(list.total);
      const archive = await listLeads(
        owner.client,
        "TSS",
        { owner: owner.user.id, ...api },
        { archived: true },
      );
      expect(shown.counts.archived, page).toBe(archive.total);
    }
  });

  it("refuse a bad value with 400 Invalid input, naming each field", async () => {
    const query = new URLSearchParams({
      status: "NEW,WON",
      owner: "someone",
      minValue: "-1",
      maxValue: "lots",
      createdFrom: "2026-02-30",
      createdTo: "yesterday",
      updatedFrom: "2026-13-01",
      updatedTo: "20260101",
      overdue: "yes",
    });
    const result = await owner.client.get(`/api/leads/TSS?${query}`);
    expectInvalidInput(result, [...query.keys()]);
    expect(result.body.errors).toMatchObject({
      status: ["Unknown status"],
      owner: ["owner must be a user id or me"],
      minValue: ["minValue must be a number of 0 or more"],
      createdFrom: ["createdFrom must be a date (YYYY-MM-DD)"],
      overdue: ["overdue must be true or false"],
    });
    // The page reads what it can and ignores the rest.
    expect((await owner.client.get(`/leads?${query}`)).status).toBe(200);
  });
});

describe("saved views", () => {
  it("are seen by their owner, and shared, by everyone with the division, never in the other", async () => {
    const token = uniqueToken("view");
    const owner = await userWith(["TSS", "NLH"]);
    const teammate = await userWith(["TSS"]);
    const both = await userWith(["TSS", "NLH"]);
    const outsider = await userWith(["NLH"]);

    const shared = await owner.client.post("/api/views/TSS", {
      name: `Big deals ${token}`,
      query: "page=3&status=QUALIFIED,NEW&minValue=1000&bogus=1",
      shared: true,
    });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({
      name: `Big deals ${token}`,
      division: "TSS",
      shared: true,
      // As the list writes it: its order of parameters and statuses, no page, nothing it does not know.
      query: "status=NEW%2CQUALIFIED&minValue=1000",
      owner: { id: owner.user.id },
    });
    const own = await owner.client.post("/api/views/TSS", { name: `Mine ${token}`, query: "overdue=1" });
    expect(own.status).toBe(201);
    expect(own.body.shared).toBe(false);

    const names = async (client: ApiClient, division: string) => {
      const result = await client.get(`/api/views/${division}`);
      expect(result.status).toBe(200);
      expect(Number(result.headers.get("x-total-count"))).toBe(result.body.length);
      return (result.body as { name: string }[])
        .map((view) => view.name)
        .filter((name) => name.includes(token));
    };
    expect(await names(owner.client, "TSS")).toEqual([`Big deals ${token}`, `Mine ${token}`]);
    expect(await names(teammate.client, "TSS")).toEqual([`Big deals ${token}`]);
    expect(await names(both.client, "TSS")).toEqual([`Big deals ${token}`]);
    expect(await names(both.client, "NLH")).toEqual([]);
    expect(await names(owner.client, "NLH")).toEqual([]);
    expect(await owner.client.get("/api/views/XYZ")).toMatchObject({ status: 400 });
    expect(await outsider.client.get("/api/views/TSS")).toMatchObject({ status: 403, body: FORBIDDEN });

    // The sidebar of the shell: the division the user is in.
    const sidebar = async (client: ApiClient) =>
      (
        (await pageData(client, "/leads"))["routes/_app"].data.savedViews as { name: string; href: string }[]
      ).filter((view) => view.name.includes(token));
    expect(await sidebar(teammate.client)).toEqual([
      expect.objectContaining({
        name: `Big deals ${token}`,
        href: `/leads?status=NEW%2CQUALIFIED&minValue=1000&savedView=${shared.body.id}`,
      }),
    ]);
    expect(await sidebar(outsider.client)).toEqual([]);
    expect((await both.client.postForm("/division", { division: "NLH", redirectTo: "/" })).status).toBe(302);
    expect(await sidebar(both.client)).toEqual([]);

    // Another's private view is not found; the outsider's answer is the same for the shared one.
    expect(await teammate.client.patch(`/api/views/${own.body.id}`, { name: "x" })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await outsider.client.delete(`/api/views/${shared.body.id}`)).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
  });

  it("are changed and deleted by their owner only, names unique per owner and division", async () => {
    const token = uniqueToken("view");
    const owner = await userWith(["TSS"]);
    const teammate = await userWith(["TSS"]);
    const created = await owner.client.post("/api/views/TSS", { name: `Won ${token}`, shared: true });
    const id = created.body.id as string;

    for (const attempt of [
      teammate.client.patch(`/api/views/${id}`, { name: `Taken ${token}` }),
      teammate.client.patch(`/api/views/${id}`, { name: "" }),
      teammate.client.delete(`/api/views/${id}`),
    ])
      expect(await attempt).toMatchObject({ status: 403, body: FORBIDDEN });
    // The same through the page's forms: an error toast, nothing changed.
    const refused = await teammate.client.postForm(`/leads?savedView=${id}`, {
      intent: "delete-view",
      viewId: id,
    });
    expect(refused.status).toBe(302);
    expect((await owner.client.get("/api/views/TSS")).body).toContainEqual(
      expect.objectContaining({ id, name: `Won ${token}`, shared: true }),
    );

    expectInvalidInput(await owner.client.patch(`/api/views/${id}`, { name: " ", shared: "yes" }), [
      "name",
      "shared",
    ]);
    expectInvalidInput(await owner.client.post("/api/views/TSS", { query: "status=NEW" }), ["name"]);
    const renamed = await owner.client.patch(`/api/views/${id}`, {
      name: `Closed won ${token}`,
      shared: false,
      query: "status=CLOSED_WON",
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { id, name: `Closed won ${token}`, shared: false, query: "status=CLOSED_WON" },
    });
    expect(Date.parse(renamed.body.updatedAt)).toBeGreaterThan(Date.parse(created.body.updatedAt));
    expect((await teammate.client.get("/api/views/TSS")).body).not.toContainEqual(
      expect.objectContaining({ id }),
    );

    // Unique per owner and division, in any case; another user may take the name.
    const other = await owner.client.post("/api/views/TSS", { name: `Other ${token}` });
    expect(
      await owner.client.patch(`/api/views/${other.body.id}`, { name: `CLOSED WON ${token}` }),
    ).toMatchObject({
      status: 409,
      body: { message: `You already have a view named "CLOSED WON ${token}"` },
    });
    expect(await owner.client.post("/api/views/TSS", { name: `closed won ${token}` })).toMatchObject({
      status: 409,
    });
    expect(await teammate.client.post("/api/views/TSS", { name: `Closed won ${token}` })).toMatchObject({
      status: 201,
    });

    const deleted = await owner.client.delete(`/api/views/${id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id, name: `Closed won ${token}` } });
    expect(await owner.client.delete(`/api/views/${id}`)).toMatchObject({ status: 404 });
  });

  it("are created once per Idempotency-Key, and saved, shared and deleted by the page's forms", async () => {
    const token = uniqueToken("view");
    const owner = await userWith(["TSS"]);
    const send = () =>
      owner.client.request("POST", "/api/views/TSS", {
        json: { name: `Retried ${token}` },
        headers: { "Idempotency-Key": `views-${token}` },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);

    // Saving from the list: its URL state (not its page or dialogs) is the view's.
    const saved = await owner.client.postForm("/leads?status=PROPOSAL&overdue=1&page=2&new=1", {
      intent: "save-view",
      name: `From the page ${token}`,
    });
    expect(saved.status).toBe(302);
    const location = saved.headers.get("location")!;
    const view = (
      (await owner.client.get("/api/views/TSS")).body as {
        id: string;
        name: string;
        query: string;
        shared: boolean;
      }[]
    ).find((candidate) => candidate.name === `From the page ${token}`)!;
    expect(view).toMatchObject({ query: "status=PROPOSAL&overdue=1", shared: false });
    expect(location).toBe(`/leads?status=PROPOSAL&overdue=1&savedView=${view.id}`);

    // Saving from the board: its Save view form keeps the layout, and the view opens the board again.
    const board = await owner.client.get("/pipeline?status=QUALIFIED");
    expect(board.body).toContain('action="/leads?status=QUALIFIED&amp;layout=board"');
    const fromBoard = await owner.client.postForm("/leads?status=QUALIFIED&layout=board", {
      intent: "save-view",
      name: `From the board ${token}`,
    });
    const boardView = (await owner.client.get("/api/views/TSS")).body.find(
      (candidate: { name: string }) => candidate.name === `From the board ${token}`,
    );
    expect(fromBoard.headers.get("location")).toBe(
      `/pipeline?status=QUALIFIED&layout=board&savedView=${boardView.id}`,
    );
    expect((await owner.client.get(fromBoard.headers.get("location")!)).status).toBe(200);

    expect(
      (await owner.client.postForm(location, { intent: "share-view", viewId: view.id, shared: "1" })).status,
    ).toBe(302);
    expect(
      (
        await owner.client.postForm(location, {
          intent: "rename-view",
          viewId: view.id,
          name: `Renamed ${token}`,
        })
      ).status,
    ).toBe(302);
    expect((await owner.client.get("/api/views/TSS")).body).toContainEqual(
      expect.objectContaining({ id: view.id, shared: true, name: `Renamed ${token}` }),
    );
    expect((await owner.client.postForm(location, { intent: "delete-view", viewId: view.id })).status).toBe(
      302,
    );
    expect((await owner.client.get("/api/views/TSS")).body).not.toContainEqual(
      expect.objectContaining({ id: view.id }),
    );
  });
});
