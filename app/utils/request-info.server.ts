import type { AppLoadContext } from "@remix-run/node";

/** Set by server.ts for every request. */
export type RequestContext = { cspNonce: string; clientIp: string };

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
