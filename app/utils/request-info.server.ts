import type { AppLoadContext } from "@remix-run/node";

/**
 * Set by server.ts for every request. `databaseUnreachable` is set by entry.server.tsx when a page's loader or
 * action met the database unreachable, so the page is answered 503 even if the database is back by then.
 */
export type RequestContext = { cspNonce: string; clientIp: string; databaseUnreachable?: boolean };

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  interface AppLoadContext extends RequestContext {}
}

export type RequestInfo = { ipAddress: string; userAgent: string };

export function requestInfo(request: Request, context: AppLoadContext): RequestInfo {
  return {
    ipAddress: context.clientIp || "unknown",
    userAgent: (request.headers.get("user-agent") ?? "").slice(0, 500),
  };
}
