// PATCH /api/leads/{id}: partial updates, progress entries, assignees, and CONTRACT.md's lost-update rule (version).
// The database is shared with the other test files: every test makes its own users, and its own leads under a
// unique token that it filters by with `search`.
import { beforeAll, describe, expect, it } from "vitest";
import { ISO_UTC, NOT_FOUND, UNAUTHORIZED, expectInvalidInput } from "../support/answers";
import { ApiClient, createUser, missingId, deactivateUser } from "../support/api-client";
import {
  type ApiLead,
  LEAD_KEYS,
  STALE_MESSAGE,
  STATUSES,
  adminClient,
  createLead,
  leadDetail,
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
    // A field the update does not take is ignored: the answer is the unchanged lead.
    const result = await client.patch(`/api/leads/${lead.id}`, { companyDivision: "NLH" });
    expect(result.status).toBe(200);
    expect(result.body.companyDivision).toBe("TSS");
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

    // An assignee deactivated since stays through a save that sends them back (the edit form does);
    // choosing them anew is refused.
    await deactivateUser(admin, assignee.id);
    const kept = await client.patch<ApiLead>(`/api/leads/${lead.id}`, {
      assignedToId: assignee.id,
      notes: "Kept",
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ assignedTo: personOf(assignee), notes: "Kept" });

    const cleared = await client.patch<ApiLead>(`/api/leads/${lead.id}`, { assignedToId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.assignedTo).toBeNull();
    expect((await readLead(client, lead.id)).assignedTo).toBeNull();
    expectInvalidInput(await client.patch(`/api/leads/${lead.id}`, { assignedToId: assignee.id }), [
      "assignedToId",
    ]);
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
