import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { writeBody } from "./write-body.server";

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** A server answering with `body()` through writeBody; `outcome()` is what writeBody said of the first. */
async function serve(body: () => ReadableStream<Uint8Array>) {
  const outcomes: Promise<boolean>[] = [];
  const server = http.createServer((_req, res) => {
    // As server.ts does through Express: a body that failed leaves the client a cut-off answer.
    const outcome = writeBody(body(), res).catch((error) => {
      res.destroy();
      throw error;
    });
    outcome.catch(() => {});
    outcomes.push(outcome);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, outcome: () => outcomes[0] };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("writeBody", () => {
  it("sends a body of one chunk in one piece, with its Content-Length", async () => {
    const { url, outcome } = await serve(() => new Response('{"ok":true}').body!);
    const response = await fetch(url);
    expect(response.headers.get("content-length")).toBe("11");
    expect(await response.text()).toBe('{"ok":true}');
    expect(await outcome()).toBe(true);
  });

  it("streams a body of several chunks, in order, without a Content-Length", async () => {
    const { url, outcome } = await serve(
      () =>
        new ReadableStream({
          async start(controller) {
            for (const part of ["[", "1,", "2", "]"]) {
              controller.enqueue(bytes(part));
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
            controller.close();
          },
        }),
    );
    const response = await fetch(url);
    expect(response.headers.get("content-length")).toBeNull();
    expect(await response.text()).toBe("[1,2]");
    expect(await outcome()).toBe(true);
  });

  it("writes no faster than the client reads, and cancels the body when the client goes away", async () => {
    let pulled = 0;
    let cancelled = false;
    const chunk = new Uint8Array(64 * 1024);
    const { url, outcome } = await serve(
      () =>
        new ReadableStream(
          {
            pull(controller) {
              pulled++;
              controller.enqueue(chunk);
            },
            cancel() {
              cancelled = true;
            },
          },
          { highWaterMark: 0 },
        ),
    );
    const controller = new AbortController();
    const response = await fetch(url, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // An endless body, read once: the socket's buffers hold a few chunks, not the whole stream.
    expect(pulled).toBeLessThan(200);
    controller.abort();
    expect(await outcome()).toBe(false);
    await expect.poll(() => cancelled).toBe(true);
  });

  it("rejects when the body fails, as a piped stream would", async () => {
    const { url, outcome } = await serve(
      () =>
        new ReadableStream({
          start(controller) {
            controller.enqueue(bytes("["));
            setTimeout(() => controller.error(new Error("the query failed")), 5);
          },
        }),
    );
    await fetch(url)
      .then((response) => response.text())
      .catch(() => {});
    await expect(outcome()).rejects.toThrow("the query failed");
  });
});
