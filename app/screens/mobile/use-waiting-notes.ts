import { useCallback, useEffect, useState } from "react";
import type { Note } from "~/models/note.schema";
import { formatCount } from "~/utils/format";
import { JsonFetchError, isLoggedOut, type JsonFetch } from "~/utils/json-fetch";
import { successToast, type ToastInput } from "~/utils/toast";
import { useToast } from "~/components/toaster";
import { useJsonFetch } from "~/components/use-json-fetch";
import {
  forgetNote,
  keepNote,
  keptNote,
  rememberSignedInUser,
  signedInUser,
  waitingNotes,
  type WaitingNote,
} from "./note-queue";

/** How often waiting notes are tried again while the phone believes it is online (a signal that comes and goes). */
const RETRY_EVERY_MS = 30_000;

/**
 * What became of a note sent: stored with its recording; still waiting (no connection, the server
 * unavailable), or signed out (the logged-out flow has told the user; it is sent once they are back);
 * refused for good (dropped); or stored with its recording refused (too large, a type the server does not
 * take).
 */
export type Sent = "stored" | "waiting" | "signed-out" | "refused" | "recording-refused";

export const RECORDING_REFUSED_TOAST: ToastInput = {
  type: "error",
  title: "Recording not uploaded",
  description: "The note is saved, but its voice recording could not be sent. Please record it again.",
};

/** A failure that may pass: no answer at all, the server or its database unavailable, a retry still running. */
function mayPass(error: unknown) {
  if (!(error instanceof JsonFetchError)) return true;
  return error.status >= 500 || [408, 409, 429].includes(error.status);
}

/** Whether to keep a note that could not be sent, and why; null when refused for good. */
function stillWaiting(error: unknown): Sent | null {
  return isLoggedOut(error) ? "signed-out" : mayPass(error) ? "waiting" : null;
}

/** Forgets a note sent; should the store fail now, a later try is answered from its key. */
const forget = (note: WaitingNote) => forgetNote(note.key).catch(() => undefined);

// Notes this page is sending now, and whether it is sending the waiting ones: a retry never sends a note twice
// at once, also when the form is drawn anew meanwhile.
const sending = new Set<string>();
let flushing = false;

/**
 * Sends a waiting note: the note, then its recording, each with the key it was given when saved, so a note
 * that reached the server before its answer was lost is not stored again (a retried POST answers the note
 * stored the first time, whose recording then follows). Forgotten on the phone once stored, or refused.
 */
async function send(jsonFetch: JsonFetch, note: WaitingNote): Promise<Sent> {
  let stored: Note;
  try {
    stored = await jsonFetch<Note>("/api/notes", {
      method: "POST",
      idempotencyKey: note.key,
      json: {
        leadId: note.leadId,
        content: note.content,
        noteType: note.noteType,
        ...(note.voice ? { voiceDuration: note.voice.seconds } : {}),
      },
    });
  } catch (error) {
    const waiting = stillWaiting(error);
    if (waiting) return waiting;
    await forget(note);
    return "refused";
  }
  let sent: Sent = "stored";
  if (note.voice) {
    try {
      await jsonFetch(`/api/notes/${stored.id}/audio`, {
        method: "PUT",
        body: new Blob([note.voice.audio], { type: note.voice.type }),
        idempotencyKey: note.voice.key,
      });
    } catch (error) {
      const waiting = stillWaiting(error);
      if (waiting) return waiting;
      sent = "recording-refused";
    }
  }
  await forget(note);
  return sent;
}

/**
 * The user's field notes kept on the phone (note-queue.ts): `save` keeps a note before sending it, and the
 * notes still waiting are sent when the page loads, when the browser says it is online again, and every
 * RETRY_EVERY_MS while some wait. `signedIn` is the page's user, remembered for the offline copy; that copy
 * (null: it names no one) shows the notes of the user remembered, if any, and sends none.
 */
export function useWaitingNotes(signedIn: string | null) {
  const jsonFetch = useJsonFetch();
  const showToast = useToast();
  const [remembered, setRemembered] = useState<string | null>(null);
  const userId = signedIn ?? remembered;
  const sendWaiting = signedIn !== null;
  const [notes, setNotes] = useState<WaitingNote[]>([]);

  useEffect(() => {
    if (signedIn) rememberSignedInUser(signedIn);
    else setRemembered(signedInUser());
  }, [signedIn]);

  const refresh = useCallback(async () => {
    setNotes(userId ? await waitingNotes(userId).catch(() => []) : []);
  }, [userId]);

  const sendOnce = useCallback(
    async (note: WaitingNote, first?: () => Promise<void>) => {
      sending.add(note.key);
      try {
        await first?.();
        return navigator.onLine ? await send(jsonFetch, note) : "waiting";
      } finally {
        sending.delete(note.key);
      }
    },
    [jsonFetch],
  );

  /** Sends the waiting notes, oldest first, and says in one toast what became of them. */
  const flush = useCallback(async () => {
    if (!userId || !navigator.onLine || flushing) return;
    flushing = true;
    let stored = 0;
    let problem: ToastInput | null = null;
    try {
      for (const { key } of await waitingNotes(userId)) {
        // Read again: a Save Note that ended after the list was read has sent it and forgotten it.
        const note = await keptNote(key);
        if (!note || sending.has(key)) continue;
        const sent = await sendOnce(note);
        // Still no connection, or signed out: the others would fail the same way.
        if (sent === "waiting" || sent === "signed-out") break;
        if (sent === "stored") stored++;
        if (sent === "recording-refused") problem = RECORDING_REFUSED_TOAST;
        if (sent === "refused") {
          problem = {
            type: "error",
            title: "Failed to save note",
            description: `The server refused the waiting note on ${note.leadName}.`,
          };
        }
      }
    } catch {
      // The phone's store could not be read: the next try reads it again.
    } finally {
      flushing = false;
    }
    await refresh();
    if (problem) showToast(problem);
    else if (stored) {
      showToast(
        successToast(
          "Note saved successfully",
          stored === 1 ? "The waiting note was sent." : `${formatCount(stored)} waiting notes were sent.`,
        ),
      );
    }
  }, [userId, sendOnce, refresh, showToast]);

  /**
   * Save Note: the note is kept on the phone first (a page closed while it is sent loses nothing), then sent
   * unless the phone is offline. "unsent" when it could be neither kept nor sent, or no one is signed in.
   */
  const save = useCallback(
    async (unsaved: Omit<WaitingNote, "userId">): Promise<Sent | "unsent"> => {
      if (!userId) return "unsent";
      const note = { ...unsaved, userId };
      let kept = true;
      const sent = await sendOnce(note, () => keepNote(note).catch(() => void (kept = false)));
      await refresh();
      return sent === "waiting" && !kept ? "unsent" : sent;
    },
    [userId, sendOnce, refresh],
  );

  const waiting = notes.length > 0;
  useEffect(() => {
    if (!sendWaiting) return void refresh();
    void refresh().then(flush);
    const tryAgain = () => void flush();
    window.addEventListener("online", tryAgain);
    return () => window.removeEventListener("online", tryAgain);
  }, [sendWaiting, refresh, flush]);
  useEffect(() => {
    if (!sendWaiting || !waiting) return;
    const timer = window.setInterval(() => void flush(), RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [sendWaiting, waiting, flush]);

  return { notes, save };
}
