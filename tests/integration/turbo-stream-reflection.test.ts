// A page action sends part of its form back (Conform's reply), and Remix 2 encodes that answer with
// turbo-stream 2.4.1, whose encoder recurses once per level of nesting: a value nested a few thousand levels
// deep cannot be encoded (CVE-2026-34077). Conform's parser, for its part, copies a repeated field's list
// again for every repeat. So a page form carrying Conform's own state fields, or more fields than any page
// sends, is refused before any parser sees it; it fails alone, other users' pages answer as usual, and the
// app goes on (docs/decisions/022-turbo-stream-cve.md).
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { baseUrl, type ApiClient } from "../support/api-client";
import { createLead, userWith } from "../support/leads";

/** Conform's `__state__` field, which a refused form's reply sends back: a JSON array `depth` levels deep. */
function nestedState(depth: number, marker: string) {
  return "[".repeat(depth) + JSON.stringify(marker) + "]".repeat(depth);
}

/** An empty note posted to a lead: to its page's data form (`.data`), or to the page (no JavaScript). */
async function postEmptyNote(client: ApiClient, path: string, more: [string, string][] = []) {
  const form = new URLSearchParams([["intent", "add-note"], ["content", ""], ...more]);
  const started = Date.now();
  const response = await fetch(baseUrl() + path, {
    method: "POST",
    headers: { cookie: client.cookie!, "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  return { status: response.status, text: await response.text(), ms: Date.now() - started };
}

describe("a page form that is not one of the app's", () => {
  it("with Conform's state fields, shallow or nested too deep to encode, is refused (400) and echoes nothing", async () => {
    const sender = await userWith(["TSS"]);
    const lead = await createLead(sender.client);
    const other = await userWith(["TSS"]);
    const theirs = await createLead(other.client);

    const shallow = await postEmptyNote(sender.client, `/leads/${lead.id}.data`, [
      ["__state__", nestedState(3, "echoed")],
    ]);
    expect(shallow.status).toBe(400);
    expect(shallow.text).not.toContain("echoed");

    const deep: [string, string][] = [["__state__", nestedState(5000, "too deep")]];
    const deepName: [string, string][] = [[`content${"[0]".repeat(5000)}`, "too deep"]];
    const search = `q=${encodeURIComponent(theirs.email)}`;
    const [hostile, hostilePage, hostileName, theirData, theirPage] = await Promise.all([
      Promise.all(
        Array.from({ length: 5 }, () => postEmptyNote(sender.client, `/leads/${lead.id}.data`, deep)),
      ),
      postEmptyNote(sender.client, `/leads/${lead.id}`, deep),
      postEmptyNote(sender.client, `/leads/${lead.id}.data`, deepName),
      other.client.get(`/leads.data?${search}`),
      other.client.get(`/leads?${search}`),
    ]);
    for (const answer of [...hostile, hostilePage, hostileName]) expect(answer.status).toBe(400);
    expect(theirData.status).toBe(200);
    expect(JSON.stringify(theirData.body)).toContain(theirs.company);
    expect(theirPage.status).toBe(200);
    expect(theirPage.body).toContain(theirs.company);

    // The app's own form is answered as ever.
    const after = await postEmptyNote(sender.client, `/leads/${lead.id}.data`);
    expect(after.status).toBe(400);
    expect(after.text).toContain("Note cannot be empty");
    expect((await fetch(baseUrl() + "/healthz")).status).toBe(200);
  });

  it("with thousands of fields is refused at once, and holds nobody else up", async () => {
    const sender = await userWith(["TSS"]);
    const lead = await createLead(sender.client);
    // 30,000 repeats of one field (200 KB): Conform's parser took tens of seconds over them, the server busy
    // all along (12,000 took 1.7 s).
    const repeats = Array.from({ length: 30_000 }, (_, i): [string, string] => ["x", String(i)]);
    const [refused, health] = await Promise.all([
      postEmptyNote(sender.client, `/leads/${lead.id}.data`, repeats),
      (async () => {
        await sleep(50);
        const started = Date.now();
        const response = await fetch(baseUrl() + "/healthz");
        return { status: response.status, ms: Date.now() - started };
      })(),
    ]);
    expect(refused.status).toBe(400);
    expect(refused.ms).toBeLessThan(1000);
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(1000);
  });
});
