// Safe retries (docs/api.md "Retrying safely", docs/decisions/024-idempotency-keys.md): a write sent with an
// Idempotency-Key is carried out once however often it is sent, at once or one after another, on the JSON API
// and from a page's form; the same key with another request is 422; a refused write keeps nothing under its
// key; keys are each user's own.
import { describe, expect, it } from "vitest";
import { baseUrl, type ApiClient } from "../support/api-client";
import { databaseUrl, testSql } from "../support/database";
import { createLead, leadInput, uniqueToken, userWith } from "../support/leads";

/** POST /api/leads with an Idempotency-Key header. */
function postLead(client: ApiClient, key: string, json: Record<string, unknown>) {
  return client.request("POST", "/api/leads", { json, headers: { "idempotency-key": key } });
}

/** The leads of the division whose e-mail is `email`, as a reader sees them. */
async function leadsWithEmail(client: ApiClient, email: string) {
  const found = await client.get<{ id: string }[]>(`/api/leads/TSS?search=${encodeURIComponent(email)}`);
  return found.body;
}

describe("Idempotency-Key on the JSON API", () => {
  it("a create sent again with the same key is answered as the first time and stores one record", async () => {
    const { client } = await userWith(["TSS"]);
    const key = uniqueToken("key");
    const input = leadInput({ companyDivision: "TSS" });
    const first = await postLead(client, key, input);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await postLead(client, key, input);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await leadsWithEmail(client, input.email as string)).toHaveLength(1);
    // The header may be a Structured Field string too, as the IETF draft writes it.
    const quoted = await postLead(client, `"${key}"`, input);
    expect(quoted.body).toEqual(first.body);
  });

  it("sent ten times at once, it is carried out once and every answer is that one", async () => {
    const { client } = await userWith(["TSS"]);
    const key = uniqueToken("burst");
    const input = leadInput({ companyDivision: "TSS" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => postLead(client, key, input)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await leadsWithEmail(client, input.email as string)).toHaveLength(1);
  });

  it("a retry after the client gave up (a cut connection) stores one record, whenever the cut came", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("cut");
    for (let round = 0; round < 15; round++) {
      const key = `${token}-${round}`;
      const input = leadInput({ companyDivision: "TSS", company: `${token} Ltd` });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), round * 3);
      await fetch(`${baseUrl()}/api/leads`, {
        method: "POST",
        headers: { cookie: client.cookie!, "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(input),
        signal: controller.signal,
      }).catch(() => {});
      const retried = await postLead(client, key, input);
      expect(retried.status, `round ${round}`).toBe(201);
    }
    const stored = await client.get<unknown[]>(`/api/leads/TSS?search=${token}`);
    expect(stored.body).toHaveLength(15);
  });

  it("the same key with another request is 422, and nothing more is stored", async () => {
    const { client } = await userWith(["TSS"]);
    const key = uniqueToken("reused");
    const input = leadInput({ companyDivision: "TSS" });
    expect((await postLead(client, key, input)).status).toBe(201);
    const other = leadInput({ companyDivision: "TSS" });
    const reused = await postLead(client, key, other);
    expect(reused).toMatchObject({
      status: 422,
      body: { message: "This Idempotency-Key was already used for another request" },
    });
    expect(await leadsWithEmail(client, other.email as string)).toEqual([]);
    // The same key on another path is another request too.
    const contact = await client.request("POST", "/api/contacts", {
      json: { firstName: "A", lastName: "B", company: "C", companyDivision: "TSS" },
      headers: { "idempotency-key": key },
    });
    expect(contact.status).toBe(422);
  });

  it("a refused write keeps nothing under its key: the same key then carries the corrected request", async () => {
    const { client } = await userWith(["TSS"]);
    const key = uniqueToken("refused");
    const invalid = await postLead(client, key, { companyDivision: "TSS", firstName: "" });
    expect(invalid.status).toBe(400);
    const input = leadInput({ companyDivision: "TSS" });
    const corrected = await postLead(client, key, input);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get("idempotent-replayed")).toBeNull();
  });

  it("keys are each user's own: another user's write with the same key is theirs", async () => {
    const first = await userWith(["TSS"]);
    const second = await userWith(["TSS"]);
    const key = uniqueToken("shared");
    const mine = await postLead(first.client, key, leadInput({ companyDivision: "TSS" }));
    const theirs = await postLead(second.client, key, leadInput({ companyDivision: "TSS" }));
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.createdBy.id).toBe(second.user.id);
  });

  it("covers every write: an update, an archive, a note and a voice recording are each applied once", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client, { companyDivision: "TSS" });
    const send = (method: string, path: string, key: string, json?: unknown) =>
      client.request(method, path, { json, headers: { "idempotency-key": key } });

    const update = uniqueToken("update");
    const updated = await send("PATCH", `/api/leads/${lead.id}`, update, { status: "CONTACTED" });
    expect(await send("PATCH", `/api/leads/${lead.id}`, update, { status: "CONTACTED" })).toMatchObject({
      status: 200,
      body: updated.body,
    });
    const note = uniqueToken("note");
    const noted = await send("POST", "/api/notes", note, {
      leadId: lead.id,
      content: "Called",
      noteType: "VOICE",
      voiceDuration: 3,
    });
    expect(
      (
        await send("POST", "/api/notes", note, {
          leadId: lead.id,
          content: "Called",
          noteType: "VOICE",
          voiceDuration: 3,
        })
      ).body,
    ).toEqual(noted.body);
    const audio = uniqueToken("audio");
    const upload = () =>
      client.request("PUT", `/api/notes/${noted.body.id}/audio`, {
        body: new Uint8Array([26, 69, 223, 163, 1, 2, 3]),
        headers: { "content-type": "audio/webm", "idempotency-key": audio },
      });
    expect((await upload()).status).toBe(200);
    expect((await upload()).headers.get("idempotent-replayed")).toBe("true");
    const archive = uniqueToken("archive");
    expect((await send("DELETE", `/api/leads/${lead.id}`, archive)).status).toBe(200);
    expect((await send("DELETE", `/api/leads/${lead.id}`, archive)).headers.get("idempotent-replayed")).toBe(
      "true",
    );

    const detail = await client.get(`/api/leads/detail/${lead.id}`);
    expect(detail.body.progress.map((entry: { status: string }) => entry.status)).toEqual([
      "NEW",
      "CONTACTED",
    ]);
    expect(detail.body.notes).toHaveLength(1);
    expect(detail.body.version).toBe(lead.version + 2);
  });

  it("a header that is no key is 400 and nothing is written", async () => {
    const { client } = await userWith(["TSS"]);
    const input = leadInput({ companyDivision: "TSS" });
    for (const header of ["", '"unterminated', "x".repeat(256), "tab\tinside"]) {
      const answer = await postLead(client, header, input);
      expect(answer.status, JSON.stringify(header)).toBe(400);
      expect(answer.body.errors["Idempotency-Key"]).toEqual([
        "Idempotency-Key must be 1 to 255 printable ASCII characters",
      ]);
    }
    expect(await leadsWithEmail(client, input.email as string)).toEqual([]);
  });

  it("a new token's answer is never stored: its retry says so (409) and makes no second token", async () => {
    const { client } = await userWith(["TSS"]);
    const key = uniqueToken("token");
    const create = () =>
      client.request("POST", "/api/tokens", {
        json: { name: "Retried", expiresInDays: 7 },
        headers: { "idempotency-key": key },
      });
    const created = await create();
    expect(created.status).toBe(201);
    const again = await create();
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).not.toContain(created.body.token);
    expect((await client.get<unknown[]>("/api/tokens")).body).toHaveLength(1);
    if (databaseUrl()) {
      const rows = await testSql()`select body from idempotency_keys where key = ${key}`;
      expect(rows).toHaveLength(1);
      expect(Buffer.from(rows[0].body).toString()).not.toContain(created.body.token);
    }
  });
});

describe("Idempotency-Key of a page's form", () => {
  /** The Add New Lead form, posted as a browser without JavaScript posts it (or to its data URL, as with it). */
  function postForm(client: ApiClient, path: string, key: string, email: string) {
    const form = new URLSearchParams({
      intent: "create",
      firstName: "Form",
      lastName: "Retry",
      email,
      company: "Form Retry Ltd",
      status: "NEW",
      companyDivision: "TSS",
      skipDuplicateCheck: "1",
      idempotencyKey: key,
    });
    return fetch(baseUrl() + path, {
      method: "POST",
      headers: { cookie: client.cookie!, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      redirect: "manual",
    });
  }

  it("a double submit without JavaScript creates one lead, and both answers go where the first went", async () => {
    const { client } = await userWith(["TSS"]);
    const email = `${uniqueToken("form")}@example.com`;
    const key = uniqueToken("form-key");
    const [first, second] = await Promise.all([
      postForm(client, "/leads", key, email),
      postForm(client, "/leads", key, email),
    ]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    // The success toast comes with both.
    expect(second.headers.getSetCookie().join()).toContain("toast");
    expect(await leadsWithEmail(client, email)).toHaveLength(1);
  });

  it("sent again from the page's JavaScript (its data URL) it is carried out once", async () => {
    const { client } = await userWith(["TSS"]);
    const email = `${uniqueToken("data")}@example.com`;
    const key = uniqueToken("data-key");
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => postForm(client, "/leads.data?index", key, email)),
    );
    for (const answer of answers) expect(answer.status).toBeLessThan(400);
    expect(await leadsWithEmail(client, email)).toHaveLength(1);
  });

  it("every form that writes carries a fresh key, and a new one once a write has gone through", async () => {
    const { client } = await userWith(["TSS"]);
    const keysOf = async (path: string) => {
      const page = await client.get<string>(path);
      return [...page.body.matchAll(/name="idempotencyKey" value="([^"]+)"/g)].map((match) => match[1]);
    };
    const before = await keysOf("/leads?new=1");
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before).size).toBe(before.length);
    const again = await keysOf("/leads?new=1");
    expect(again.filter((key) => before.includes(key))).toEqual([]);
  });
});
