import type { AppLoadContext } from "@remix-run/node";
import type { RequestScope } from "~/db/db-scope.server";

/**
 * Set by server.ts for every request. `documentData` is there when the answer may be a page's document (not
 * the `.data` a page's JavaScript fetches): what loaders keep for its render only (utils/document-data.tsx).
 * `databaseUnavailable` is set by entry.server.tsx when a page's loader or action met the database
 * unreachable or unable to serve (db/db-errors.ts), so the page is answered 503 even if the database is
 * back by then. `scope` is the request's hold on the database (db/db-scope.server.ts), which the actors
 * of its loaders and action carry.
 */
export type RequestContext = {
  cspNonce: string;
  clientIp: string;
  documentData: Map<string, unknown> | null;
  databaseUnavailable?: boolean;
  scope: RequestScope;
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
