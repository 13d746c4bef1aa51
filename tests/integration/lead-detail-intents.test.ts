// The lead detail's one-click intents (the stage bar's set-status, a part edited in place: update-field),
// posted as a browser without JavaScript posts them: a user of the other division and a stale version are
// refused, without a server error, and store nothing (no status or value change, no progress entry, no audit
// entry). There is no read-only role for signed-in users (a read-only scope is an API token's, which pages
// do not take), so that case has no test here.
import { describe, expect, it } from "vitest";
import type { ApiClient, ApiResult } from "../support/api-client";
import { adminClient, createLead, leadDetail, STALE_MESSAGE, userWith } from "../support/leads";

/** The lead as stored, its progress entries and its audit entries. */
async function stored(admin: ApiClient, id: string) {
  const { status, estimatedValue, version, progress } = await leadDetail(admin, id);
  const audit = await admin.get<{ resource: string }[]>(`/api/admin/audit-log?limit=100&search=${id}`);
  expect(audit.status).toBe(200);
  return {
    lead: { status, estimatedValue, version },
    progress: progress.length,
    audit: audit.body.filter((entry) => entry.resource === `lead:${id}`).length,
  };
}

/** The toast a page action's redirect carries (a signed cookie: base64 of the JSON's UTF-8, then a signature). */
function toastOf(answer: ApiResult) {
  const cookie = answer.headers.getSetCookie().find((value) => value.startsWith("toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.slice("toast=".length).split(";")[0]);
  const json = Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8");
  return JSON.parse(json) as { type: string; description?: string };
}

/** Posts both intents as `client` at `version`: a status from the stage bar and the value edited in place. */
async function postBoth(client: ApiClient, id: string, version: number) {
  const setStatus = await client.postForm(`/leads/${id}`, {
    intent: "set-status",
    status: "QUALIFIED",
    version: String(version),
  });
  const updateField = await client.postForm(`/leads/${id}`, {
    intent: "update-field",
    field: "value",
    estimatedValue: "999",
    version: String(version),
  });
  return { setStatus, updateField };
}

describe("the lead detail's set-status and update-field", () => {
  it("are refused for another division and a stale version, and store nothing", async () => {
    const admin = await adminClient();
    const { client: owner } = await userWith(["TSS"]);
    const { client: outsider } = await userWith(["NLH"]);
    const lead = await createLead(owner, { estimatedValue: 100 });
    // A second version, so that version 1 is stale.
    expect((await owner.patch(`/api/leads/${lead.id}`, { position: "Buyer" })).status).toBe(200);
    const before = await stored(admin, lead.id);
    expect(before.lead).toEqual({ status: "NEW", estimatedValue: "100.00", version: 2 });

    // The other division's user: SPEC.md's failure toast; the form's page is not theirs to see either.
    const foreign = await postBoth(outsider, lead.id, 2);
    expect(foreign.setStatus.status).toBe(302);
    expect(toastOf(foreign.setStatus)).toMatchObject({ type: "error", description: "Failed to update lead" });
    expect(foreign.updateField.status).toBe(302);
    expect(foreign.updateField.headers.get("location")).toBe("/leads");
    expect(toastOf(foreign.updateField)).toMatchObject({
      type: "error",
      description: "Could not open lead details.",
    });

    // A copy read at version 1: CONTRACT.md's conflict message, as a toast or above the form (409).
    const stale = await postBoth(owner, lead.id, 1);
    expect(stale.setStatus.status).toBe(302);
    expect(toastOf(stale.setStatus)).toMatchObject({ type: "error", description: STALE_MESSAGE });
    expect(stale.updateField.status).toBe(409);
    expect(String(stale.updateField.body)).toContain(STALE_MESSAGE);

    expect(await stored(admin, lead.id)).toEqual(before);

    // The same post with the version as it is goes through: what `stored` reads would show a change.
    const accepted = await owner.postForm(`/leads/${lead.id}`, {
      intent: "set-status",
      status: "QUALIFIED",
      version: "2",
    });
    expect(toastOf(accepted)).toMatchObject({ type: "success" });
    expect(await stored(admin, lead.id)).toEqual({
      lead: { status: "QUALIFIED", estimatedValue: "100.00", version: 3 },
      progress: before.progress + 1,
      audit: before.audit + 1,
    });
  });
});
