/** The most a request body may hold (CONTRACT.md): 413 past it. */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const AUDIO_BODY_LIMIT = 10 * 1024 * 1024;
export const PAGE_BODY_LIMIT = 1024 * 1024;

/** The limit of the body a request to `path` may send: a voice note's recording, a JSON body, a page's form. */
export function bodyLimitOf(path: string) {
  if (/^\/api\/notes\/[^/]+\/audio$/.test(path)) return AUDIO_BODY_LIMIT;
  return path.startsWith("/api/") ? JSON_BODY_LIMIT : PAGE_BODY_LIMIT;
}

/**
 * Request bodies the server holds in memory at once, all requests together (server.ts receiveBodies): six
 * voice notes' worth. A write that would pass it is answered 503 with Retry-After.
 */
export const BODY_MEMORY_BUDGET = 6 * AUDIO_BODY_LIMIT;
