import { defineApi } from "~/api/define-api.server";
import { json, operation, recordOf, ref, type RawBody } from "~/api/operation";
import { AUDIO_TYPES, findNoteAudio, storeNoteAudio, type AudioType } from "~/models/note.server";
import { ApiError, readLimited } from "~/http/api.server";
import { AUDIO_BODY_LIMIT } from "~/http/body-limits";
import { byteRange } from "~/http/byte-range";
import { notFound } from "~/utils/errors";

const audioContent = Object.fromEntries(
  AUDIO_TYPES.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]),
);

/** A recording: audio/webm, audio/ogg or audio/mp4 (a codecs parameter is fine), at most 10 MiB. */
const recording: RawBody<{ audio: Uint8Array; type: AudioType }> = {
  content: audioContent,
  read: async (request) => {
    const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (!(AUDIO_TYPES as readonly string[]).includes(type)) throw new ApiError(415, "Unsupported media type");
    return { audio: await readLimited(request, AUDIO_BODY_LIMIT), type: type as AudioType };
  },
};

/**
 * GET /api/notes/{id}/audio: a voice note's recording, with range requests so a phone can seek (CONTRACT.md
 * "Voice audio"). PUT stores it; 200 with the note. Same access rules as the note.
 */
export const api = defineApi([
  operation({
    method: "GET",
    id: "getNoteAudio",
    tag: "Notes and follow-ups",
    summary: "Play a voice note's recording",
    description: "Supports byte range requests (`Range: bytes=…`), so a player can seek.",
    params: { id: recordOf("note") },
    headers: [
      {
        name: "Range",
        in: "header",
        required: false,
        schema: { type: "string" },
        description: "`bytes=start-end`",
      },
    ],
    answers: {
      200: { description: "The whole recording.", content: audioContent },
      206: {
        description: "The requested range.",
        headers: { "Content-Range": { schema: { type: "string" } } },
        content: audioContent,
      },
      416: {
        description: "The range lies outside the recording; `Content-Range: bytes */size`.",
        headers: { "Content-Range": { schema: { type: "string" } } },
      },
    },
    errors: { 404: "`Not found`: no such note, or it has no recording." },
    handler: async ({ request, actor, params }) => {
      const audio = await findNoteAudio(actor, params.id);
      if (!audio) throw notFound();
      const headers = {
        "Content-Type": audio.contentType,
        "Accept-Ranges": "bytes",
        "Cache-Control": "private, no-store",
      };
      const range = byteRange(request.headers.get("range"), audio.size);
      if (range === "unsatisfiable") {
        return new Response(null, {
          status: 416,
          headers: { ...headers, "Content-Range": `bytes */${audio.size}` },
        });
      }
      const { start, end } = range ?? { start: 0, end: audio.size - 1 };
      const body = audio.size === 0 ? new Uint8Array() : await audio.read(start, end);
      return new Response(body as Uint8Array<ArrayBuffer>, {
        status: range ? 206 : 200,
        headers: {
          ...headers,
          "Content-Length": String(body.byteLength),
          ...(range ? { "Content-Range": `bytes ${start}-${end}/${audio.size}` } : {}),
        },
      });
    },
  }),
  operation({
    method: "PUT",
    id: "storeNoteAudio",
    tag: "Notes and follow-ups",
    summary: "Store a voice note's recording",
    description: "The body is the recording itself (a `codecs` parameter is fine), at most 10 MiB.",
    params: { id: recordOf("note") },
    body: recording,
    answers: { 200: json("The note.", ref("Note")) },
    errors: {
      400: "`Invalid input`: the recording is empty, or the note is not a voice note.",
      413: "`Payload too large`: over 10 MiB.",
      415: "`Unsupported media type`: not audio/webm, audio/ogg or audio/mp4.",
    },
    handler: ({ actor, params, body: { audio, type } }) => storeNoteAudio(actor, params.id, audio, type),
  }),
]);

export const { loader, action } = api;
