import * as z from "zod";

/**
 * The opaque `cursor` of a paged list (docs/decisions/005-cursors.md): the sort key of the last row a page
 * held, the order it belongs to, and, for lists counted by a scan, the total the walk began with.
 */
export type PageCursor = {
  /** The list's order (e.g. "leads:updated:desc"); a cursor from another order is refused. */
  order: string;
  /** The last row's sort key, each value as PostgreSQL's text of it (null sorts last). */
  key: (string | null)[];
  total?: number;
};

const cursorShape = z.object({
  o: z.string().max(100),
  k: z.array(z.string().max(1000).nullable()).min(1).max(8),
  t: z.number().int().min(0).optional(),
});

// base64url by hand: this module also reaches the browser bundle (through the list schemas), where there is
// no Buffer.
function toBase64Url(text: string) {
  const binary = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeCursor(cursor: PageCursor): string {
  const { order: o, key: k, total: t } = cursor;
  return toBase64Url(JSON.stringify(t === undefined ? { o, k } : { o, k, t }));
}

/** The cursor a client sent back, or null when it is not one this API wrote. */
export function decodeCursor(text: string): PageCursor | null {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(fromBase64Url(text)));
    return parsed.success ? { order: parsed.data.o, key: parsed.data.k, total: parsed.data.t } : null;
  } catch {
    return null;
  }
}
