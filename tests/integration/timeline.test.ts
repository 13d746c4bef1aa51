// A lead's timeline (issue 31 item 3; docs/decisions/029-lead-timeline.md): every kind of entry, with who and
// when, after the real actions through the JSON API; the kind filter, keyset pages, division scoping, and a
// logged call stored once however often it is retried.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ISO_UTC, NOT_FOUND, expectInvalidInput } from "../support/answers";
import type { ApiClient } from "../support/api-client";
import { createLead, createNote, userWith } from "../support/leads";

type Entry = {
  id: string;
  type: string;
  at: string;
  by: { id: string | null; name: string } | null;
  text: string | null;
  status: string | null;
  outcome: string | null;
  followUpDate: string | null;
};

async function timeline(client: ApiClient, leadId: string, query: Record<string, string> = {}) {
  const qs = new URLSearchParams(query).toString();
  const result = await client.get<Entry[]>(`/api/leads/${leadId}/timeline${qs ? `?${qs}` : ""}`);
  expect(result.status).toBe(200);
  return { entries: result.body, next: result.headers.get("x-next-cursor") };
}

function logCall(client: ApiClient, leadId: string, body: unknown, key?: string) {
  return client.request("POST", `/api/leads/${leadId}/activities`, {
    json: body,
    headers: key ? { "Idempotency-Key": key } : {},
  });
}

describe("GET /api/leads/{id}/timeline", () => {
  it("shows every kind of entry, newest first, with who and when", async () => {
    const { user, client } = await userWith(["TSS"], { firstName: "Tina", lastName: "Timeline" });
    const lead = await createLead(client, { phone: "01234 567890" });
    const by = { id: user.id, name: "Tina Timeline" };
    await createNote(client, lead.id, { content: "Met at the fair" });
    const followUp = await createNote(client, lead.id, {
      content: "Send the quote",
      followUpDate: "2030-01-02T10:00:00Z",
    });
    expect((await client.patch(`/api/notes/${followUp.id}`, { isFollowUpComplete: true })).status).toBe(200);
    expect((await client.patch(`/api/leads/${lead.id}`, { status: "CONTACTED" })).status).toBe(200);
    expect((await client.patch(`/api/leads/${lead.id}`, { company: "Renamed Ltd", phone: "0" })).status).toBe(
      200,
    );
    expect((await client.delete(`/api/leads/${lead.id}`)).status).toBe(200);
    expect((await client.patch(`/api/leads/${lead.id}/unarchive`)).status).toBe(200);
    expect(
      (await logCall(client, lead.id, { kind: "CALL", outcome: "LEFT_VOICEMAIL", notes: "Back Monday" }))
        .status,
    ).toBe(201);
    expect((await logCall(client, lead.id, { kind: "EMAIL", outcome: "SENT" })).status).toBe(201);

    const { entries, next } = await timeline(client, lead.id);
    expect(next).toBeNull();
    expect(entries.map((entry) => entry.type)).toEqual([
      "EMAIL_LOGGED",
      "CALL_LOGGED",
      "RESTORED",
      "ARCHIVED",
      "FIELDS_CHANGED",
      "STATUS_CHANGED",
      "FOLLOW_UP_COMPLETED",
      "FOLLOW_UP_SCHEDULED",
      "NOTE",
      "STATUS_CHANGED",
    ]);
    for (const entry of entries) {
      expect(entry.by).toEqual(by);
      expect(entry.at).toMatch(ISO_UTC);
    }
    const times = entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(entries[1]).toMatchObject({ outcome: "LEFT_VOICEMAIL", text: "Back Monday" });
    expect(entries[4].text).toBe("Updated phone, company");
    expect(entries[5]).toMatchObject({ status: "CONTACTED", text: "Status changed from New to Contacted" });
    expect(entries[6]).toMatchObject({ id: followUp.id, followUpDate: "2030-01-02T10:00:00.000Z" });
    expect(entries[8]).toMatchObject({ text: "Met at the fair", followUpDate: null });
    expect(entries[9]).toMatchObject({ status: "NEW", text: "Lead created" });
  });

  it("keeps one kind, and pages by cursor without repeating or skipping an entry", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    for (let i = 0; i < 5; i++) await createNote(client, lead.id, { content: `Note ${i}` });
    await logCall(client, lead.id, { kind: "CALL", outcome: "CONNECTED" });

    expect((await timeline(client, lead.id, { kind: "call" })).entries.map((entry) => entry.type)).toEqual([
      "CALL_LOGGED",
    ]);
    const notes = (await timeline(client, lead.id, { kind: "note" })).entries;
    expect(notes.map((entry) => entry.text)).toEqual(["Note 4", "Note 3", "Note 2", "Note 1", "Note 0"]);

    const whole = (await timeline(client, lead.id)).entries.map((entry) => `${entry.type}:${entry.id}`);
    expect(whole).toHaveLength(7);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await timeline(client, lead.id, { limit: "2", ...(cursor ? { cursor } : {}) });
      expect(page.entries.length).toBeLessThanOrEqual(2);
      paged.push(...page.entries.map((entry) => `${entry.type}:${entry.id}`));
      cursor = page.next;
    } while (cursor);
    expect(paged).toEqual(whole);
  });

  it("refuses a lead of another division, an unknown kind and a cursor of another list", async () => {
    const { client: tss } = await userWith(["TSS"]);
    const { client: nlh } = await userWith(["NLH"]);
    const lead = await createLead(tss);
    const foreign = await nlh.get(`/api/leads/${lead.id}/timeline`);
    expect(foreign).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await logCall(nlh, lead.id, { kind: "CALL", outcome: "CONNECTED" })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expectInvalidInput(await tss.get(`/api/leads/${lead.id}/timeline?kind=gossip`), ["kind"]);
    const leadsCursor = (await tss.get(`/api/leads/TSS?limit=1`)).headers.get("x-next-cursor");
    expectInvalidInput(await tss.get(`/api/leads/${lead.id}/timeline?cursor=${leadsCursor}`), ["cursor"]);
  });
});

describe("POST /api/leads/{id}/activities", () => {
  it("logs a call once however often it is retried with its Idempotency-Key", async () => {
    const { user, client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const key = crypto.randomUUID();
    const body = { kind: "CALL", outcome: "NO_ANSWER" };
    const answers = await Promise.all([1, 2, 3].map(() => logCall(client, lead.id, body, key)));
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual(answers[0].body);
    }
    expect(answers[0].body).toMatchObject({
      leadId: lead.id,
      kind: "CALL",
      outcome: "NO_ANSWER",
      notes: null,
      createdBy: { id: user.id },
    });
    expect((await logCall(client, lead.id, body, key)).body).toEqual(answers[0].body);
    const calls = (await timeline(client, lead.id, { kind: "call" })).entries;
    expect(calls.map((entry) => entry.id)).toEqual([answers[0].body.id]);
  });

  it("refuses an outcome the kind does not have", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const answer = await logCall(client, lead.id, { kind: "EMAIL", outcome: "LEFT_VOICEMAIL" });
    expectInvalidInput(answer, ["outcome"]);
    expect(answer.body.errors.outcome).toEqual(["An e-mail's outcome is one of Sent, Replied, Bounced"]);
  });
});

describe("the lead detail's Log call form", () => {
  it("sent twice with its key without JavaScript logs one call; another division's user logs none", async () => {
    const { client } = await userWith(["TSS"]);
    const { client: outsider } = await userWith(["NLH"]);
    const lead = await createLead(client);
    const form = { intent: "log-activity", kind: "CALL", outcome: "CONNECTED", notes: "Wants a visit" };
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      [1, 2].map(() => client.postForm(`/leads/${lead.id}?log=call`, { ...form, idempotencyKey: key })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(302);
      // Back to the dialog, the form closed.
      expect(answer.headers.get("location")).toBe(`/leads/${lead.id}`);
    }
    expect((await outsider.postForm(`/leads/${lead.id}`, form)).status).toBe(302);
    const calls = (await timeline(client, lead.id, { kind: "call" })).entries;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ outcome: "CONNECTED", text: "Wants a visit" });
  });
});
