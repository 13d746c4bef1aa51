/**
 * A case-insensitive "contains" search as an ILIKE pattern: the text with LIKE's own characters (%, _ and the
 * backslash) escaped, between two %; null for blank text (no search).
 */
export function containsPattern(search: string | undefined | null): string | null {
  const text = search?.trim();
  return text ? `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
}
