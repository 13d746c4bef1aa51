// Voice audio, stored on the server (CONTRACT.md "Voice audio"): PUT /api/notes/{id}/audio and GET with range
// requests, the same access rules as the note.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiClient, baseUrl, missingId } from "../support/api-client";
import { adminClient, createLead, createNote, leadDetail, userWith } from "../support/leads";

const MiB = 1024 * 1024;

async function putAudio(
  client: ApiClient | null,
  noteId: string,
  body: Uint8Array<ArrayBuffer>,
  type = "audio/webm",
) {
  return fetch(`${baseUrl()}/api/notes/${noteId}/audio`, {
    method: "PUT",
    headers: { "content-type": type, ...(client?.cookie ? { cookie: client.cookie } : {}) },
    body,
  });
}

async function getAudio(client: ApiClient, noteId: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl()}/api/notes/${noteId}/audio`, { headers: { cookie: client.cookie!, ...headers } });
}

async function voiceNote(client: ApiClient) {
  const lead = await createLead(client);
  const note = await createNote(client, lead.id, {
    content: "Voice note",
    noteType: "VOICE",
    voiceDuration: 7,
  });
  return { lead, note };
}

describe("PUT and GET /api/notes/{id}/audio", () => {
  it("stores a recording and gives it back byte for byte, with its type; the note says it has audio", async () => {
    const { client } = await userWith(["TSS"]);
    const { lead, note } = await voiceNote(client);
    expect(note.hasAudio).toBe(false);
    const audio = crypto.randomBytes(200_000);
    const put = await putAudio(client, note.id, audio, "audio/webm;codecs=opus");
    expect(put.status).toBe(200);
    const stored = await put.json();
    expect(stored).toMatchObject({ id: note.id, hasAudio: true, noteType: "VOICE", voiceDuration: "7" });

    const got = await getAudio(client, note.id);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("audio/webm");
    expect(got.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await got.arrayBuffer()).equals(audio)).toBe(true);
    expect((await leadDetail(client, lead.id)).notes[0]).toMatchObject({ id: note.id, hasAudio: true });
  });

  it("answers ranges with 206 and the asked bytes, so a phone can seek; 416 past the end", async () => {
    const { client } = await userWith(["TSS"]);
    const { note } = await voiceNote(client);
    const audio = crypto.randomBytes(1000);
    await putAudio(client, note.id, audio, "audio/ogg");
    const part = await getAudio(client, note.id, { range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(part.headers.get("content-type")).toBe("audio/ogg");
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(100, 200))).toBe(true);
    const tail = await getAudio(client, note.id, { range: "bytes=-10" });
    expect(Buffer.from(await tail.arrayBuffer()).equals(audio.subarray(990))).toBe(true);
    const open = await getAudio(client, note.id, { range: "bytes=995-" });
    expect(open.headers.get("content-range")).toBe("bytes 995-999/1000");
    const past = await getAudio(client, note.id, { range: "bytes=1000-" });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */1000");
  });

  it("refuses another type (415) and more than 10 MiB (413), storing nothing", async () => {
    const { client } = await userWith(["TSS"]);
    const { note } = await voiceNote(client);
    for (const type of ["video/webm", "application/json", "audio/mpeg", "text/plain"]) {
      const result = await putAudio(client, note.id, new Uint8Array([1, 2, 3]), type);
      expect(result.status, type).toBe(415);
      expect(await result.json()).toEqual({ message: "Unsupported media type" });
    }
    const tooLarge = await putAudio(client, note.id, new Uint8Array(10 * MiB + 1));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: "Payload too large" });
    expect((await getAudio(client, note.id)).status).toBe(404);
    // Exactly 10 MiB is allowed.
    expect((await putAudio(client, note.id, new Uint8Array(10 * MiB))).status).toBe(200);
  });

  it("only a voice note holds a recording, and an empty one is refused", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const text = await createNote(client, lead.id, { content: "Typed" });
    const refused = await putAudio(client, text.id, new Uint8Array([1]));
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({ audio: ["Only a voice note holds a recording"] });
    const { note } = await voiceNote(client);
    const empty = await putAudio(client, note.id, new Uint8Array());
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual({ audio: ["The recording is empty"] });
  });

  it("follows the note's access: 401 signed out, 404 for another division or an unknown note", async () => {
    const { client: owner } = await userWith(["TSS"]);
    const { note } = await voiceNote(owner);
    await putAudio(owner, note.id, new Uint8Array([9, 9, 9]));
    expect((await putAudio(null, note.id, new Uint8Array([1]))).status).toBe(401);
    expect((await fetch(`${baseUrl()}/api/notes/${note.id}/audio`)).status).toBe(401);
    const { client: north } = await userWith(["NLH"]);
    expect((await getAudio(north, note.id)).status).toBe(404);
    expect((await putAudio(north, note.id, new Uint8Array([1]))).status).toBe(404);
    // CONTRACT.md's order: the note is found (404) before its recording is checked (400).
    expect((await putAudio(north, note.id, new Uint8Array())).status).toBe(404);
    expect((await putAudio(owner, missingId(), new Uint8Array())).status).toBe(404);
    expect((await getAudio(owner, missingId())).status).toBe(404);
    // Another user of the same division hears it.
    const { client: colleague } = await userWith(["TSS"]);
    expect(Buffer.from(await (await getAudio(colleague, note.id)).arrayBuffer())).toEqual(
      Buffer.from([9, 9, 9]),
    );
  });

  it("is stored or replaced only by the note's author or an admin, and every time is in the audit log", async () => {
    const { client: author, user } = await userWith(["TSS"]);
    const { note, lead } = await voiceNote(author);
    expect((await putAudio(author, note.id, new Uint8Array([1, 1, 1]))).status).toBe(200);
    // A colleague of the same division hears it but cannot replace it.
    const { client: colleague } = await userWith(["TSS"]);
    const refused = await putAudio(colleague, note.id, new Uint8Array([6, 6, 6]));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Forbidden" });
    expect(Buffer.from(await (await getAudio(colleague, note.id)).arrayBuffer())).toEqual(
      Buffer.from([1, 1, 1]),
    );
    // The author replaces it; so may an admin.
    expect((await putAudio(author, note.id, new Uint8Array([2, 2]))).status).toBe(200);
    const admin = await adminClient();
    expect((await putAudio(admin, note.id, new Uint8Array([3]))).status).toBe(200);
    const entries = await admin.get<{ userId: string; details: string }[]>(
      `/api/admin/audit-log?action=NOTE_AUDIO_STORED&search=${note.id}`,
    );
    expect(entries.body.map((entry) => entry.details.split(" the recording")[0]).reverse()).toEqual([
      "Stored",
      "Replaced",
      "Replaced",
    ]);
    expect(entries.body.at(-1)).toMatchObject({ userId: user.id });
    expect(entries.body[0].details).toContain(`lead:${lead.id}`);
  });
});
