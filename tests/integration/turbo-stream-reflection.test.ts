// A page action sends part of its form back (Conform's reply), and Remix 2 encodes that answer with
// turbo-stream 2.4.1, whose encoder recurses once per level of nesting: a value nested a few thousand levels
// deep cannot be encoded (CVE-2026-34077). Such a form fails alone: its sender gets an error answer, other
// users' pages answer as usual, and the app goes on (docs/decisions/022-turbo-stream-cve.md).
import { describe, expect, it } from "vitest";
import { baseUrl, type ApiClient } from "../support/api-client";
import { createLead, userWith } from "../support/leads";

/** Conform's `__state__` field, which a refused form's reply sends back: a JSON array `depth` levels deep. */
function nestedState(depth: number, marker: string) {
  return "[".repeat(depth) + JSON.stringify(marker) + "]".repeat(depth);
}

/** An empty note posted to a lead: to its page's data form (`.data`), or to the page (no JavaScript). */
async function postEmptyNote(client: ApiClient, path: string, state?: string) {
  const form = new URLSearchParams({ intent: "add-note", content: "" });
  if (state !== undefined) form.set("__state__", state);
  const response = await fetch(baseUrl() + path, {
    method: "POST",
    headers: { cookie: client.cookie!, "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}

describe("a page form whose echoed value is nested too deep to encode", () => {
  it("fails alone: an error for its sender, other users' pages answer, the app goes on", async () => {
    const sender = await userWith(["TSS"]);
    const lead = await createLead(sender.client);
    const other = await userWith(["TSS"]);
    const theirs = await createLead(other.client);

    // The reflection the decision rests on: a shallow state comes back with the form's errors.
    const shallow = await postEmptyNote(sender.client, `/leads/${lead.id}.data`, nestedState(3, "echoed"));
    expect(shallow.status).toBe(400);
    expect(shallow.text).toContain("Note cannot be empty");
    expect(shallow.text).toContain("echoed");

    const deep = nestedState(5000, "too deep");
    const search = `q=${encodeURIComponent(theirs.email)}`;
    const [hostile, hostilePage, theirData, theirPage] = await Promise.all([
      Promise.all(
        Array.from({ length: 5 }, () => postEmptyNote(sender.client, `/leads/${lead.id}.data`, deep)),
      ),
      postEmptyNote(sender.client, `/leads/${lead.id}`, deep),
      other.client.get(`/leads.data?${search}`),
      other.client.get(`/leads?${search}`),
    ]);
    for (const answer of [...hostile, hostilePage]) expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(theirData.status).toBe(200);
    expect(JSON.stringify(theirData.body)).toContain(theirs.company);
    expect(theirPage.status).toBe(200);
    expect(theirPage.body).toContain(theirs.company);

    const after = await postEmptyNote(sender.client, `/leads/${lead.id}.data`);
    expect(after.status).toBe(400);
    expect(after.text).toContain("Note cannot be empty");
    expect((await fetch(baseUrl() + "/healthz")).status).toBe(200);
  });
});
