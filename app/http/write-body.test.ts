import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import { afterEach, describe, expect, it } from "vitest";
import { writeBody } from "./write-body.server";

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/**
 * A server answering with `body()` through writeBody, after `delay` ms; `outcome()` is what writeBody said of
 * the first answer.
 */
async function serve(body: () => ReadableStream<Uint8Array>, delay = 0, stallMs?: number) {
  const outcomes: Promise<boolean>[] = [];
  // Behind the compression middleware, as in server.ts; as there, a body that fails cuts the answer off.
  const compress = compression();
  const server = http.createServer((req, res) =>
    compress(req as never, res as never, async () => {
      res.setHeader("Content-Type", "application/json");
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      const outcome = writeBody(body(), res, stallMs).catch((error) => {
        res.destroy();
        throw error;
      });
      outcome.catch(() => {});
      outcomes.push(outcome);
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const outcome = async () => {
    await expect.poll(() => outcomes.length).toBeGreaterThan(0);
    return outcomes[0];
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, outcome };
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

  it.each(["identity", "gzip"])(
    "writes no faster than the client reads (%s), and cancels the body when the client goes away",
    async (encoding) => {
      let pulled = 0;
      let cancelled = false;
      const { url, outcome } = await serve(
        () =>
          new ReadableStream(
            {
              pull(controller) {
                pulled++;
                controller.enqueue(crypto.randomBytes(64 * 1024)); // incompressible: gzip cannot shrink it
              },
              cancel() {
                cancelled = true;
              },
            },
            { highWaterMark: 0 },
          ),
      );
      const controller = new AbortController();
      const response = await fetch(url, {
        headers: { "accept-encoding": encoding },
        signal: controller.signal,
      });
      expect(response.headers.get("content-encoding")).toBe(encoding === "gzip" ? "gzip" : null);
      const reader = response.body!.getReader();
      await reader.read();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // An endless body, read once: the buffers on the way hold a few chunks, not the whole stream.
      expect(pulled).toBeLessThan(200);
      controller.abort();
      expect(await outcome()).toBe(false);
      await expect.poll(() => cancelled).toBe(true);
    },
  );

  it("cuts off a client that stops reading, and cancels the body", async () => {
    let cancelled = false;
    const { url, outcome } = await serve(
      () =>
        new ReadableStream(
          {
            pull(controller) {
              controller.enqueue(crypto.randomBytes(64 * 1024));
            },
            cancel() {
              cancelled = true;
            },
          },
          { highWaterMark: 0 },
        ),
      0,
      300,
    );
    const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
    const reader = response.body!.getReader();
    await reader.read();
    // The client keeps its connection but reads no more: the server stops waiting for it.
    const started = Date.now();
    expect(await outcome()).toBe(false);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect.poll(() => cancelled).toBe(true);
    await reader.cancel().catch(() => {});
  });

  it("cancels the body of a client that went away before the answer was ready", async () => {
    let cancelled = false;
    const { url, outcome } = await serve(
      () =>
        new ReadableStream({
          pull(controller) {
            controller.enqueue(bytes("row,"));
          },
          cancel() {
            cancelled = true;
          },
        }),
      100,
    );
    const controller = new AbortController();
    const request = fetch(url, { signal: controller.signal }).catch(() => {});
    setTimeout(() => controller.abort(), 20);
    await request;
    expect(await outcome()).toBe(false);
    expect(cancelled).toBe(true);
  });

  it("keeps no chunk once it is written: a long stream leaves memory flat", async () => {
    const CHUNKS = 4000; // 64 KB each: 250 MB in all
    let pulled = 0;
    let start = 0;
    let grewBy = 0;
    const { url, outcome } = await serve(
      () =>
        new ReadableStream(
          {
            pull(controller) {
              pulled++;
              if (pulled === 1) start = process.memoryUsage().arrayBuffers;
              if (pulled === CHUNKS - 100) grewBy = process.memoryUsage().arrayBuffers - start;
              if (pulled > CHUNKS) controller.close();
              else controller.enqueue(new Uint8Array(64 * 1024));
            },
          },
          { highWaterMark: 0 },
        ),
    );
    const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
    const reader = response.body!.getReader();
    while (!(await reader.read()).done);
    expect(await outcome()).toBe(true);
    expect(grewBy / 1024 / 1024).toBeLessThan(128);
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
