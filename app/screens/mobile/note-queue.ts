import type { NoteType } from "~/models/note";

/**
 * A field note kept on the phone until the server has it (IndexedDB, so closing or reloading the page loses
 * nothing). Its Idempotency-Keys are made when it is first saved and kept with it: however often it is
 * sent, the server stores it once (docs/decisions/024-idempotency-keys.md), as long as it keeps the key (24
 * hours: a note whose first try got through unseen and that waits longer than that would be stored again).
 */
export type WaitingNote = {
  /** The note's Idempotency-Key, and its key in the store. */
  key: string;
  /** Whose note it is: only that user's page shows and sends it. */
  userId: string;
  leadId: string;
  leadName: string;
  content: string;
  noteType: NoteType;
  /** When it was saved on the phone (ISO). */
  savedAt: string;
  /** The recording, as bytes (a Blob in IndexedDB is not kept by every browser), and its upload's key. */
  voice: { audio: ArrayBuffer; type: string; seconds: number; key: string } | null;
};

const DATABASE = "field-notes";
const STORE = "waiting-notes";

let opened: Promise<IDBDatabase> | null = null;

function database() {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  // A failure (no IndexedDB, a private window that refuses it) is tried again next time.
  opened.catch(() => (opened = null));
  return opened;
}

/** One request in its own transaction; resolves when the transaction has committed. */
async function run<T>(mode: IDBTransactionMode, ask: (store: IDBObjectStore) => IDBRequest<T>) {
  const transaction = (await database()).transaction(STORE, mode);
  const request = ask(transaction.objectStore(STORE));
  return new Promise<T>((resolve, reject) => {
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? request.error);
  });
}

/** Keeps a note (or its new state) on the phone. */
export function keepNote(note: WaitingNote) {
  return run("readwrite", (store) => store.put(note)).then(() => undefined);
}

/** The user's notes still waiting, oldest first. */
export async function waitingNotes(userId: string) {
  const all = await run<WaitingNote[]>("readonly", (store) => store.getAll());
  return all.filter((note) => note.userId === userId).sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

/** A note as it is kept now; undefined once it is gone (sent meanwhile). */
export function keptNote(key: string) {
  return run<WaitingNote | undefined>("readonly", (store) => store.get(key));
}

/** Forgets a note the server has (or has refused for good). */
export function forgetNote(key: string) {
  return run("readwrite", (store) => store.delete(key)).then(() => undefined);
}

/**
 * The user whose notes the page's offline copy shows: that copy names no one (public/mobile-sw.js keeps it
 * after signing out), so the page online names its user here, and signing out forgets them
 * (app/components/app-shell.tsx clears the browser's localStorage). Storage the browser refuses only means
 * the offline copy shows no notes.
 */
const SIGNED_IN_USER = "field-notes-user";

export function rememberSignedInUser(userId: string) {
  try {
    localStorage.setItem(SIGNED_IN_USER, userId);
  } catch {
    // Refused: nothing to do.
  }
}

export function signedInUser() {
  try {
    return localStorage.getItem(SIGNED_IN_USER);
  } catch {
    return null;
  }
}
