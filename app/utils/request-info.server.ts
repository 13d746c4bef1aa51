import type { AppLoadContext } from "@remix-run/node";

/**
 * Set by server.ts for every request. `documentData` is there when the answer may be a page's document (not
 * the `.data` a page's JavaScript fetches): what loaders keep for its render only (utils/document-data.tsx).
 * `databaseUnreachable` is set by entry.server.tsx when a page's loader or action met the database
 * unreachable, so the page is answered 503 even if the database is back by then.
 */
export type RequestContext = {
  cspNonce: string;
  clientIp: string;
  documentData: Map<string, unknown> | null;
  databaseUnreachable?: boolean;
};

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
