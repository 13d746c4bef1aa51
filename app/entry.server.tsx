import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { logClientGone } from "./utils/client-gone.server";
import { coalesceWrites } from "./utils/coalesce-writes.server";
import { reportDatabaseError } from "./utils/db-availability.server";
import { NonceProvider } from "./utils/nonce";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * Pages and their data hold one user's records: no shared or back-button cache may keep them. A route that
 * knows better (none yet) sets its own Cache-Control.
 */
function noStore(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  noStore(response.headers);
  return response;
};

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return logClientGone(request.method, new URL(request.url).pathname);
  // The database going away is logged once, where it is noticed; server.ts answers such pages 503.
  if (reportDatabaseError(error)) {
    context.databaseUnreachable = true;
    return;
  }
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Bots get the whole document at once; browsers get it streamed as soon as the shell is ready.
  const bot = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const respond = () => {
      shellRendered = true;
      const body = coalesceWrites();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      noStore(responseHeaders);
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!bot) respond();
        },
        onAllReady() {
          clearTimeout(timer);
          if (bot) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already reported by the stream; log the rest once. A browser that
          // left mid-page aborts the render: server.ts logs that as a client gone, in one line.
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
    // A render still going after ABORT_DELAY is cut short. One that is done clears its timer (React calls
    // back only after this line has run): left to fire, it kept every page's render alive for those 5 s,
    // then aborted it for nothing.
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}
