// docs/api.md's export script (docs/examples/export-leads.mjs), run as a reader would: with only a token, it
// follows the Link headers through a whole division and writes each active lead once.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/api-client";
import { createLead, listLeads, uniqueToken, userWith } from "../support/leads";

const run = promisify(execFile);

describe("docs/examples/export-leads.mjs", () => {
  it("exports every active lead of the division once, by cursor, with a token", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("doc");
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push(await createLead(client, { company: `Doc ${token}` }));
    const created = await client.post<{ token: string }>("/api/tokens", { name: "Export", expiresInDays: 7 });
    expect(created.status).toBe(201);

    const { stdout, stderr } = await run(process.execPath, ["docs/examples/export-leads.mjs", "TSS"], {
      env: { ...process.env, CRM_URL: baseUrl(), CRM_TOKEN: created.body.token },
      maxBuffer: 256 * 1024 * 1024,
    });
    const exported = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string });
    const ids = exported.map((lead) => lead.id);
    const { total } = await listLeads(client, "TSS", { limit: "1" });
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(mine.map((lead) => lead.id)));
    expect(stderr).toContain(`${total} of ${total} leads`);
  });

  it("says what is missing without a token", async () => {
    const failed = await run(process.execPath, ["docs/examples/export-leads.mjs"], {
      env: { ...process.env, CRM_URL: baseUrl(), CRM_TOKEN: "" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect("code" in failed && failed.code).toBe(2);
    expect("stderr" in failed && failed.stderr).toContain("Set CRM_TOKEN");
  });
});
