import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiActor } from "~/auth/current-user.server";
import { AUDIO_TYPES, findNoteAudio, storeNoteAudio, type AudioType } from "~/models/note.server";
import { ApiError, apiRoute, jsonResponse, methodNotAllowed, readLimited } from "~/http/api.server";
import { AUDIO_BODY_LIMIT } from "~/http/body-limits";
import { byteRange } from "~/http/byte-range";
import { notFound } from "~/utils/errors";
import { recordId } from "~/utils/ids";

/**
 * GET /api/notes/{id}/audio: a voice note's recording, with range requests so a phone can seek (CONTRACT.md
 * "Voice audio"). Same access rules as the note.
 */
export const loader = apiRoute(async ({ request, context, params }: LoaderFunctionArgs) => {
  const actor = await requireApiActor(request, context);
  const audio = await findNoteAudio(actor, recordId(params.id));
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
});

/**
 * PUT /api/notes/{id}/audio: stores a voice note's recording, sent as audio/webm, audio/ogg or audio/mp4 (a
 * codecs parameter is fine), at most 10 MiB; 200 with the note.
 */
export const action = apiRoute(async ({ request, context, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  const actor = await requireApiActor(request, context);
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!(AUDIO_TYPES as readonly string[]).includes(type)) throw new ApiError(415, "Unsupported media type");
  const audio = await readLimited(request, AUDIO_BODY_LIMIT);
  return jsonResponse(await storeNoteAudio(actor, recordId(params.id), audio, type as AudioType));
});
