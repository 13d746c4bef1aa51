// Division scoping of every lead endpoint (SPEC.md section 6).
// The database is shared with the other test files: every test makes its own users, and its own leads under a
// unique token that it filters by with `search`.
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN, NOT_FOUND } from "../support/answers";
import { ApiClient } from "../support/api-client";
import {
  adminClient,
  createLead,
  createNote,
  leadDetail,
  leadInput,
  listLeads,
  readLead,
  uniqueToken,
  userWith,
} from "../support/leads";

let admin: ApiClient;
beforeAll(async () => {
  admin = await adminClient();
});

describe("division scoping", () => {
  it("never shows a user with only NLH a TSS lead, through any endpoint", async () => {
    const { client: tss } = await userWith(["TSS"]);
    const { client: nlh } = await userWith(["NLH"]);
    const token = uniqueToken("scope");
    const email = `${token}@scope.example`;
    const names = { firstName: `Sc${token}`, lastName: `Op${token}` };
    const active = await createLead(tss, { company: `${token} active`, email, ...names });
    const archived = await createLead(tss, { company: `${token} archived`, email, ...names });
    expect((await tss.delete(`/api/leads/${archived.id}`)).status).toBe(200);
    const note = await createNote(tss, active.id, { followUpDate: "2030-05-05" });
    const own = await createLead(nlh, { company: `${token} own`, companyDivision: "NLH" });

    for (const path of [
      "/api/leads/TSS",
      "/api/leads/TSS/archived",
      `/api/leads/TSS/duplicates?email=${email}`,
    ]) {
      const result = await nlh.get(path);
      expect(result.status).toBe(403);
      expect(result.body).toEqual(FORBIDDEN);
    }
    expect((await listLeads(nlh, "NLH", { search: token })).ids).toEqual([own.id]);
    expect((await listLeads(nlh, "NLH", { search: token }, { archived: true })).ids).toEqual([]);
    const dupes = await nlh.get(`/api/leads/NLH/duplicates?${new URLSearchParams({ email, ...names })}`);
    expect(dupes.status).toBe(200);
    expect(dupes.body).toEqual([]);

    const attempts = [
      await nlh.get(`/api/leads/detail/${active.id}`),
      await nlh.get(`/api/leads/detail/${archived.id}`),
      await nlh.patch(`/api/leads/${active.id}`, { status: "CLOSED_LOST" }),
      await nlh.delete(`/api/leads/${active.id}`),
      await nlh.patch(`/api/leads/${archived.id}/unarchive`),
      await nlh.post("/api/notes", { leadId: active.id, content: "Sneaky" }),
      await nlh.patch(`/api/notes/${note.id}`, { isFollowUpComplete: true }),
    ];
    for (const result of attempts) {
      expect(result.status).toBe(404);
      expect(result.body).toEqual(NOT_FOUND);
    }

    const detail = await leadDetail(tss, active.id);
    expect(detail).toMatchObject({ status: "NEW", isArchived: false, version: 1 });
    expect(detail.notes.map((entry) => entry.id)).toEqual([note.id]);
    expect(detail.notes[0].isFollowUpComplete).toBe(false);
    expect((await readLead(tss, archived.id)).isArchived).toBe(true);
  });

  it("follows a change of the user's access at once", async () => {
    const { user, client } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("revoke");
    const lead = await createLead(client, { company: `${token} Co` });
    expect((await listLeads(client, "TSS", { search: token })).ids).toEqual([lead.id]);

    const revoked = await admin.delete(`/api/admin/users/${user.id}/company-access/TSS`);
    expect(revoked.status).toBe(200);
    expect((await client.get(`/api/leads/TSS?search=${token}`)).status).toBe(403);
    expect((await client.get(`/api/leads/detail/${lead.id}`)).status).toBe(404);
    expect((await client.post("/api/leads", leadInput({ companyDivision: "TSS" }))).status).toBe(403);
  });
});
