import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { logClientGone } from "~/http/client-gone.server";
import { reportDatabaseError } from "~/db/db-availability.server";
import { DocumentDataProvider } from "./utils/document-data";
import { describeError } from "./utils/log-line";
import { NonceProvider } from "./utils/nonce";

/** How long the hand-off waits for deferred loader data (none yet) before Remix gives up on it. */
export const streamTimeout = 5_000;

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
  console.error(describeError(error));
};

/**
 * A page is rendered whole, to one string, and sent with its length (docs/decisions/012-pages-rendered-whole.md).
 * Its loaders have all answered before this runs and no page defers data, so streaming the render sent
 * nothing sooner, while React's byte encoding of each small piece and the streams they crossed cost a
 * noticeable share of every page's CPU. The data the browser hydrates from is read first and
 * handed to Remix's `StreamTransfer` already settled, so nothing in the render suspends.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  await settleHandOff(remixContext);
  const nonce = loadContext.cspNonce;
  const markup = renderToString(
    <NonceProvider value={nonce}>
      <DocumentDataProvider value={loadContext.documentData}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </DocumentDataProvider>
    </NonceProvider>,
  );
  // As bytes: a string body is first made well-formed by undici, a scan that cost more than the encoding.
  const body = Buffer.from(`<!DOCTYPE html>${markup}`);
  // A page rendered without its data would look right and never come alive in the browser. Looked for in
  // the bytes: the markup is a string of React's many pieces, which a search of the string copies whole first.
  if (!body.includes(HAND_OFF_END, Math.max(0, body.length - 4096))) throw new HandOffChanged();
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  noStore(responseHeaders);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

const HAND_OFF_END = "window.__remixContext.streamController.close();";

class HandOffChanged extends Error {
  constructor() {
    super("Remix's single-fetch hand-off has changed: see docs/decisions/012-pages-rendered-whole.md");
  }
}

/** What Remix's single fetch reads during the render: the encoded loader data, and a cache of its reads. */
type HandOff = {
  serverHandoffStream?: ReadableStream<Uint8Array>;
  renderMeta?: { streamCache?: Record<number, Promise<void> & { result: { done: boolean; value: string } }> };
};

/**
 * Reads the hand-off stream to its end (deferred data would be waited for here, up to `streamTimeout`) and
 * puts it in the cache `StreamTransfer` (@remix-run/react single-fetch.js) looks in before it reads: read 0
 * holds the whole text, read 1 the end.
 */
async function settleHandOff(context: EntryContext) {
  const handOff = context as unknown as HandOff;
  if (!handOff.serverHandoffStream || !handOff.renderMeta) throw new HandOffChanged();
  const reader = handOff.serverHandoffStream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
  }
  text += decoder.decode();
  reader.releaseLock();
  const settled = (done: boolean, value: string) =>
    Object.assign(Promise.resolve(), { result: { done, value } });
  handOff.renderMeta.streamCache = { 0: settled(false, text), 1: settled(true, "") };
}
