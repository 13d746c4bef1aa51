// GET /api/follow-ups/{division} (SPEC.md section 7 "Notes and follow-ups", CONTRACT.md "Follow-ups"): the
// notes with a follow-up date on the division's non-archived leads, bounded by from / to.
import { describe, expect, it } from "vitest";
import { FORBIDDEN, UNAUTHORIZED } from "../support/answers";
import { ApiClient } from "../support/api-client";
import { createLead, createNote, uniqueToken, userWith } from "../support/leads";

type FollowUp = {
  id: string;
  leadId: string;
  leadName: string;
  content: string;
  followUpDate: string;
  isFollowUpComplete: boolean;
};

async function followUps(client: ApiClient, query: string) {
  const result = await client.get<FollowUp[]>(`/api/follow-ups/TSS?${query}`);
  expect(result.status).toBe(200);
  return result.body;
}

describe("GET /api/follow-ups/{division}", () => {
  it("lists follow-ups (not plain notes) with CONTRACT.md's fields, soonest first", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client, { firstName: "Fay", lastName: `Follow ${uniqueToken("fu")}` });
    await createNote(client, lead.id, { content: "Just a note" });
    const later = await createNote(client, lead.id, {
      content: "Later",
      followUpDate: "2032-03-10T15:00:00Z",
    });
    const sooner = await createNote(client, lead.id, {
      content: "Sooner",
      followUpDate: "2032-03-10T08:00:00Z",
    });
    const found = (await followUps(client, "from=2032-03-10&to=2032-03-10")).filter(
      (f) => f.leadId === lead.id,
    );
    expect(found.map((f) => f.id)).toEqual([sooner.id, later.id]);
    expect(Object.keys(found[0]).sort()).toEqual([
      "content",
      "followUpDate",
      "id",
      "isFollowUpComplete",
      "leadId",
      "leadName",
    ]);
    expect(found[0]).toEqual({
      id: sooner.id,
      leadId: lead.id,
      leadName: `Fay ${lead.lastName}`,
      content: "Sooner",
      followUpDate: "2032-03-10T08:00:00.000Z",
      isFollowUpComplete: false,
    });
  });

  it("bounds by from and to; a date-only to includes that whole UTC day; a date-time to is the instant", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const at = async (followUpDate: string) => (await createNote(client, lead.id, { followUpDate })).id;
    const before = await at("2032-05-31T23:59:59Z");
    const first = await at("2032-06-01T00:00:00Z");
    const last = await at("2032-06-30T23:59:59Z");
    const after = await at("2032-07-01T00:00:00Z");
    const ids = async (query: string) =>
      (await followUps(client, query)).filter((f) => f.leadId === lead.id).map((f) => f.id);
    expect(await ids("from=2032-06-01&to=2032-06-30")).toEqual([first, last]);
    expect(await ids("from=2032-06-01T00:00:00Z&to=2032-06-30T23:59:59Z")).toEqual([first, last]);
    // A date-time without a zone is UTC.
    expect(await ids("from=2032-06-01T00:00:00&to=2032-06-30T23:59:59")).toEqual([first, last]);
    expect(await ids("from=2032-06-01T00:00:01Z&to=2032-06-30T23:59:58Z")).toEqual([]);
    expect(await ids("from=2032-06-30T23:59:59Z")).toEqual([last, after]);
    expect(await ids("to=2032-05-31")).toEqual([before]);
    // An offset is an instant like any other: 01:00 in Paris on 1 June is 23:00 UTC on 31 May.
    expect(await ids("from=2032-06-01T01:00:00%2B02:00&to=2032-06-01T02:00:00%2B02:00")).toEqual([
      before,
      first,
    ]);
  });

  it("leaves out archived leads and other divisions; Mark Complete shows as complete", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const active = await createLead(client);
    const archived = await createLead(client);
    const north = await createLead(client, { companyDivision: "NLH" });
    const shown = await createNote(client, active.id, { followUpDate: "2033-01-05T09:00:00Z" });
    await createNote(client, archived.id, { followUpDate: "2033-01-05T09:00:00Z" });
    await createNote(client, north.id, { followUpDate: "2033-01-05T09:00:00Z" });
    await client.delete(`/api/leads/${archived.id}`);
    expect((await client.patch(`/api/notes/${shown.id}`, { isFollowUpComplete: true })).status).toBe(200);
    const found = await followUps(client, "from=2033-01-05&to=2033-01-05");
    const leadIds = found.map((f) => f.leadId);
    expect(leadIds).toContain(active.id);
    expect(leadIds).not.toContain(archived.id);
    expect(leadIds).not.toContain(north.id);
    expect(found.find((f) => f.id === shown.id)?.isFollowUpComplete).toBe(true);
  });

  it("a lead's follow-ups leave with its archiving and come back with its restore", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const before = await createNote(client, lead.id, { followUpDate: "2034-02-07T10:00:00Z" });
    const leadIds = async () =>
      (await followUps(client, "from=2034-02-07&to=2034-02-07")).map((f) => f.leadId);
    expect(await leadIds()).toContain(lead.id);

    expect((await client.delete(`/api/leads/${lead.id}`)).status).toBe(200);
    // A note written on the archived lead stays out with it.
    const during = await createNote(client, lead.id, { followUpDate: "2034-02-07T11:00:00Z" });
    expect(await leadIds()).not.toContain(lead.id);
    expect((await client.patch(`/api/leads/${lead.id}/unarchive`)).status).toBe(200);
    // Every note follows its lead (sql/00009 keeps the lead's state on its notes, which the calendar reads).
    const after = await createNote(client, lead.id, { followUpDate: "2034-02-07T12:00:00Z" });
    const found = (await followUps(client, "from=2034-02-07&to=2034-02-07")).filter(
      (f) => f.leadId === lead.id,
    );
    expect(found.map((f) => f.id)).toEqual([before.id, during.id, after.id]);
  });

  it("answers 400 for bounds that are not dates, 401 signed out, 403 and 400 for the division", async () => {
    const { client } = await userWith(["TSS"]);
    for (const query of ["from=yesterday", "to=2032-13-01", "from=2032-01-01T25:00:00Z"]) {
      const result = await client.get(`/api/follow-ups/TSS?${query}`);
      expect(result.status, query).toBe(400);
      expect(result.body.message).toBe("Invalid input");
    }
    expect((await new ApiClient().get("/api/follow-ups/TSS")).body).toEqual(UNAUTHORIZED);
    expect((await client.get("/api/follow-ups/NLH")).body).toEqual(FORBIDDEN);
    expect((await client.get("/api/follow-ups/ACME")).body).toEqual({ message: "Unknown division" });
  });
});
