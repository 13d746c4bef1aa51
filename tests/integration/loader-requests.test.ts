import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// Remix's server, patched to hand a loader the request as it is when there is nothing to strip from it
// (docs/decisions/019-loader-requests-not-copied.md).
const require = createRequire(import.meta.url);
const { callRouteLoader, callRouteAction } = require("@remix-run/server-runtime/dist/data.js") as {
  callRouteLoader: (args: Record<string, unknown>) => Promise<unknown>;
  callRouteAction: (args: Record<string, unknown>) => Promise<unknown>;
};

/** The request a loader (or an action) is given for `request`, as Remix's single fetch calls it. */
async function requestSeen(call: typeof callRouteLoader, request: Request) {
  let seen: Request | undefined;
  const handler = ({ request }: { request: Request }) => {
    seen = request;
    return null;
  };
  await call({ loader: handler, action: handler, request, params: {}, routeId: "r", singleFetch: true });
  return seen!;
}

describe("what a loader or action is given", () => {
  it("the request itself when its address holds neither of Remix's parameters", async () => {
    const request = new Request("http://crm.test/leads?q=ada&page=2", { headers: { cookie: "a=b" } });
    expect(await requestSeen(callRouteLoader, request)).toBe(request);
    const post = new Request("http://crm.test/leads", { method: "POST", body: "intent=archive" });
    const seen = await requestSeen(callRouteAction, post);
    expect(seen).toBe(post);
    expect(await seen.text()).toBe("intent=archive");
  });

  it("a copy without `index` (keeping a value given to it) and `_routes`, with the same method, headers and body", async () => {
    const request = new Request("http://crm.test/?index&q=x&_routes=root,routes/_app", {
      method: "POST",
      headers: { cookie: "a=b" },
      body: "division=NLH",
    });
    const seen = await requestSeen(callRouteAction, request);
    expect(seen).not.toBe(request);
    expect(seen.url).toBe("http://crm.test/?q=x");
    expect(seen.method).toBe("POST");
    expect(seen.headers.get("cookie")).toBe("a=b");
    expect(await seen.text()).toBe("division=NLH");
    const kept = await requestSeen(
      callRouteLoader,
      new Request("http://crm.test/leads?index=5&_routes=root"),
    );
    expect(kept.url).toBe("http://crm.test/leads?index=5");
  });

  it("a request whose signal is aborted when the client's is", async () => {
    const controller = new AbortController();
    const seen = await requestSeen(
      callRouteLoader,
      new Request("http://crm.test/?index", { signal: controller.signal }),
    );
    controller.abort();
    expect(seen.signal.aborted).toBe(true);
  });
});
