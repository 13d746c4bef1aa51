// The notes API of SPEC.md section 7 "Notes and follow-ups" (Note of section 3, Follow-up of section 4, "Notes on
// a lead" of section 5), with CONTRACT.md's conventions and its "Notes" rule. Each test makes its own users and
// leads; what is stored is read back through GET /api/leads/detail/{id}.
import { describe, expect, it } from "vitest";
import { ISO_UTC, NOT_FOUND, UNAUTHORIZED, UUID, expectInvalidInput } from "../support/answers";
import { ApiClient, missingId } from "../support/api-client";
import { NOTE_KEYS, createLead, createNote, leadDetail, userWith, type ApiNote } from "../support/leads";

/** The note as the lead's detail shows it now. */
async function storedNote(client: ApiClient, leadId: string, noteId: string) {
  const { notes } = await leadDetail(client, leadId);
  return notes.find((note) => note.id === noteId);
}

describe("POST /api/notes", () => {
  it("answers 201 with a TEXT note by the caller, shown in the lead's detail", async () => {
    const { user, client } = await userWith(["TSS"], { firstName: "Nina", lastName: "Noter" });
    const lead = await createLead(client);
    const before = Date.now();
    const result = await client.post<ApiNote>("/api/notes", {
      leadId: lead.id,
      content: "Called, wants a quote",
    });
    expect(result.status).toBe(201);
    expect(Object.keys(result.body).sort()).toEqual(NOTE_KEYS);
    expect(result.body).toEqual({
      id: expect.stringMatching(UUID),
      leadId: lead.id,
      content: "Called, wants a quote",
      noteType: "TEXT",
      voiceDuration: null,
      hasAudio: false,
      createdBy: { id: user.id, firstName: "Nina", lastName: "Noter" },
      createdAt: expect.stringMatching(ISO_UTC),
      followUpDate: null,
      isFollowUpComplete: false,
    });
    expect(Math.abs(Date.parse(result.body.createdAt) - before)).toBeLessThan(60_000);

    const { leadId: _leadId, ...inDetail } = result.body;
    expect(await storedNote(client, lead.id, result.body.id)).toEqual(inDetail);
  });

  it("lets another user of the division add a note to the lead", async () => {
    const { client: owner } = await userWith(["TSS"]);
    const { user: colleague, client } = await userWith(["TSS", "NLH"]);
    const lead = await createLead(owner);
    const note = await createNote(client, lead.id, { content: "From a colleague" });
    expect(note.createdBy?.id).toBe(colleague.id);
    expect((await storedNote(owner, lead.id, note.id))?.content).toBe("From a colleague");
  });

  it.each([
    ["2026-12-01T14:30:00.000Z", "2026-12-01T14:30:00.000Z"],
    ["2026-12-01T14:30:00Z", "2026-12-01T14:30:00.000Z"],
    ["2026-12-01T15:30:00+02:00", "2026-12-01T13:30:00.000Z"],
    // No zone is UTC, on any server's clock (summer: London would read it an hour earlier).
    ["2026-07-01T14:30:00", "2026-07-01T14:30:00.000Z"],
    ["2026-07-01T14:30", "2026-07-01T14:30:00.000Z"],
    ["2026-12-01", "2026-12-01T09:00:00.000Z"],
    ["2024-02-29", "2024-02-29T09:00:00.000Z"],
  ])("stores the followUpDate %s as %s", async (followUpDate, expected) => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const result = await client.post<ApiNote>("/api/notes", {
      leadId: lead.id,
      content: "Follow up",
      followUpDate,
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      followUpDate: expected,
      isFollowUpComplete: false,
      noteType: "TEXT",
    });
    expect(await storedNote(client, lead.id, result.body.id)).toMatchObject({
      followUpDate: expected,
      isFollowUpComplete: false,
    });
  });

  it("takes a null followUpDate as none", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const note = await createNote(client, lead.id, { followUpDate: null });
    expect(note.followUpDate).toBeNull();
  });

  it.each([["tomorrow"], ["2026-13-01"], ["01/12/2026"], [12345]])(
    "answers 400 errors.followUpDate for %j and stores nothing",
    async (followUpDate) => {
      const { client } = await userWith(["TSS"]);
      const lead = await createLead(client);
      const result = await client.post("/api/notes", { leadId: lead.id, content: "Follow up", followUpDate });
      expectInvalidInput(result, ["followUpDate"]);
      expect((await leadDetail(client, lead.id)).notes).toEqual([]);
    },
  );

  it.each([[""], ["   "], ["\n\t "], [null], [undefined], ["x".repeat(10_001)]])(
    "answers 400 errors.content for the content %j and stores nothing",
    async (content) => {
      const { client } = await userWith(["TSS"]);
      const lead = await createLead(client);
      const result = await client.post("/api/notes", { leadId: lead.id, content });
      expectInvalidInput(result, ["content"]);
      expect((await leadDetail(client, lead.id)).notes).toEqual([]);
    },
  );

  it("accepts content of 10,000 characters", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const note = await createNote(client, lead.id, { content: "y".repeat(10_000) });
    expect(note.content).toHaveLength(10_000);
  });

  it("answers 404 Not found for an unknown, malformed or foreign leadId, 400 for none, and 401 signed out", async () => {
    const { client: owner } = await userWith(["TSS"]);
    const { client: stranger } = await userWith(["NLH"]);
    const lead = await createLead(owner);
    for (const leadId of [missingId(), "not-a-uuid", lead.id]) {
      const result = await stranger.post("/api/notes", { leadId, content: "Hello" });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(NOT_FOUND);
    }
    // No lead at all is invalid input.
    for (const leadId of [undefined, null, "", 42]) {
      const result = await owner.post("/api/notes", { leadId, content: "Hello" });
      expect(result.status).toBe(400);
      expect(result.body).toEqual({
        message: "Invalid input",
        errors: { leadId: ["Please select a lead first"] },
      });
    }
    const signedOut = await new ApiClient().post("/api/notes", { leadId: lead.id, content: "Hello" });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual(UNAUTHORIZED);
    expect((await leadDetail(owner, lead.id)).notes).toEqual([]);
  });

  it("stores a field note: VOICE with its duration in seconds as a string", async () => {
    const { client } = await userWith(["NLH"]);
    const lead = await createLead(client, { companyDivision: "NLH" });
    const voice = await client.post<ApiNote>("/api/notes", {
      leadId: lead.id,
      content: "Voice note",
      noteType: "VOICE",
      voiceDuration: "12",
    });
    expect(voice.status).toBe(201);
    expect(voice.body).toMatchObject({
      leadId: lead.id,
      content: "Voice note",
      noteType: "VOICE",
      voiceDuration: "12",
      hasAudio: false,
      followUpDate: null,
      isFollowUpComplete: false,
    });
    expect(await storedNote(client, lead.id, voice.body.id)).toMatchObject({
      noteType: "VOICE",
      voiceDuration: "12",
    });

    const numeric = await createNote(client, lead.id, { noteType: "VOICE", voiceDuration: 95 });
    expect(numeric.voiceDuration).toBe("95");
    const text = await createNote(client, lead.id, { noteType: "TEXT", content: "Typed on the road" });
    expect(text).toMatchObject({ noteType: "TEXT", voiceDuration: null });
  });

  it.each([
    ["noteType", { noteType: "AUDIO" }],
    ["voiceDuration", { noteType: "VOICE", voiceDuration: "long" }],
    ["voiceDuration", { noteType: "VOICE", voiceDuration: -3 }],
  ])("answers 400 errors.%s for %j", async (field, overrides) => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    expectInvalidInput(await client.post("/api/notes", { leadId: lead.id, content: "Note", ...overrides }), [
      field,
    ]);
    expect((await leadDetail(client, lead.id)).notes).toEqual([]);
  });
});

describe("PATCH /api/notes/{id}", () => {
  it("marks a follow-up complete: 200 with the note, and the detail shows it", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const note = await createNote(client, lead.id, { content: "Ring back", followUpDate: "2026-12-01" });
    const other = await createNote(client, lead.id, { content: "Other", followUpDate: "2026-12-02" });

    const result = await client.patch<ApiNote>(`/api/notes/${note.id}`, { isFollowUpComplete: true });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(NOTE_KEYS);
    expect(result.body).toEqual({ ...note, isFollowUpComplete: true });

    expect(await storedNote(client, lead.id, note.id)).toMatchObject({
      isFollowUpComplete: true,
      followUpDate: "2026-12-01T09:00:00.000Z",
    });
    expect((await storedNote(client, lead.id, other.id))?.isFollowUpComplete).toBe(false);
  });

  it("lets another user of the division complete the follow-up", async () => {
    const { client: owner } = await userWith(["TSS"]);
    const { client: colleague } = await userWith(["TSS"]);
    const lead = await createLead(owner);
    const note = await createNote(owner, lead.id, { followUpDate: "2026-11-11T11:00:00Z" });
    expect((await colleague.patch(`/api/notes/${note.id}`, { isFollowUpComplete: true })).status).toBe(200);
    expect((await storedNote(owner, lead.id, note.id))?.isFollowUpComplete).toBe(true);
  });

  it.each([[{ isFollowUpComplete: false }], [{}], [{ isFollowUpComplete: "true" }]])(
    "answers 400 errors.isFollowUpComplete for %j and changes nothing",
    async (body) => {
      const { client } = await userWith(["TSS"]);
      const lead = await createLead(client);
      const note = await createNote(client, lead.id, { followUpDate: "2026-12-01" });
      expectInvalidInput(await client.patch(`/api/notes/${note.id}`, body), ["isFollowUpComplete"]);
      expect((await storedNote(client, lead.id, note.id))?.isFollowUpComplete).toBe(false);
    },
  );

  it("answers 400 for a note without a follow-up date, which stays incomplete", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const note = await createNote(client, lead.id);
    const result = await client.patch(`/api/notes/${note.id}`, { isFollowUpComplete: true });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("Invalid input");
    expect(result.body.errors).toBeTypeOf("object");
    expect((await storedNote(client, lead.id, note.id))?.isFollowUpComplete).toBe(false);
  });

  it("answers 404 for an unknown, malformed or foreign note, and 401 signed out", async () => {
    const { client: owner } = await userWith(["TSS"]);
    const { client: stranger } = await userWith(["NLH"]);
    const lead = await createLead(owner);
    const note = await createNote(owner, lead.id, { followUpDate: "2026-12-01" });
    for (const id of [missingId(), "not-a-uuid", note.id]) {
      const result = await stranger.patch(`/api/notes/${id}`, { isFollowUpComplete: true });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(NOT_FOUND);
    }
    // The note is looked up before the input is judged.
    expect((await stranger.patch(`/api/notes/${note.id}`, { isFollowUpComplete: false })).status).toBe(404);
    const signedOut = await new ApiClient().patch(`/api/notes/${note.id}`, { isFollowUpComplete: true });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual(UNAUTHORIZED);
    expect((await storedNote(owner, lead.id, note.id))?.isFollowUpComplete).toBe(false);
  });
});
