// Duplicates and the lead detail: CONTRACT.md's duplicate rule and the detail's progress and notes.
// The database is shared with the other test files: every test makes its own users, and its own leads under a
// unique token that it filters by with `search`.
import { describe, expect, it } from "vitest";
import { FORBIDDEN, ISO_UTC, NOT_FOUND, UNAUTHORIZED, UUID } from "../support/answers";
import { ApiClient, missingId } from "../support/api-client";
import {
  type ApiLead,
  LEAD_KEYS,
  NOTE_KEYS,
  createLead,
  createNote,
  leadDetail,
  readLead,
  uniqueToken,
  userWith,
} from "../support/leads";

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
      // A note in its lead's detail: the Note object without the leadId.
      expect(Object.keys(note).sort()).toEqual(NOTE_KEYS.filter((key) => key !== "leadId"));
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
