// The pipeline board (docs/decisions/027-pipeline-board.md): its columns' counts and totals equal the lead
// list's counts and the rows themselves after creates, moves, archives and restores sent by several clients at
// once, unfiltered (the kept counts) and filtered (a count that stops early); the stage weights are admins'
// to change; a stale move is refused and stores nothing. In the whole-database project: the unfiltered board
// counts a whole division, which no other file may change meanwhile.
import { describe, expect, it } from "vitest";
import type { ApiClient, ApiResult } from "../support/api-client";
import { databaseUrl, testSql } from "../support/database";
import {
  adminClient,
  createLead,
  leadDetail,
  listLeads,
  STATUSES,
  uniqueToken,
  userWith,
} from "../support/leads";

type Column = {
  status: string;
  count: number;
  countIsLowerBound: boolean;
  totalValue: string;
  weightPercent: number;
  weightedValue: string;
  cards: { id: string; version: number; nextFollowUp: string | null }[];
  nextCursor: string | null;
};

async function board(client: ApiClient, division: string, query: Record<string, string> = {}) {
  const qs = new URLSearchParams(query).toString();
  const result = await client.get<{ columns: Column[] }>(`/api/pipeline/${division}${qs ? `?${qs}` : ""}`);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body.columns.map((column) => column.status)).toEqual(STATUSES);
  return result.body.columns;
}

/** The toast a page action's redirect carries (a signed cookie: base64 of the JSON, then a signature). */
function toastOf(answer: ApiResult) {
  const cookie = answer.headers.getSetCookie().find((value) => value.startsWith("toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.slice("toast=".length).split(";")[0]);
  const json = Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8");
  return JSON.parse(json) as { type: string; title: string; description?: string; action?: unknown };
}

/** A move posted as the board's "Move to" form sends it. */
function move(client: ApiClient, lead: { id: string; version: number }, status: string) {
  return client.postForm("/pipeline", {
    intent: "move",
    leadId: lead.id,
    status,
    version: String(lead.version),
  });
}

const pence = (value: string) => Math.round(Number(value) * 100);

describe("the pipeline board", () => {
  it("counts and sums as the list and the rows do after concurrent creates, moves, archives and restores", async () => {
    const token = uniqueToken("board");
    const clients = await Promise.all([1, 2, 3].map(() => userWith(["TSS"]).then(({ client }) => client)));
    // Each client creates leads of every status with values, then moves, archives and restores some, all at once.
    await Promise.all(
      clients.map(async (client, c) => {
        const leads = await Promise.all(
          STATUSES.map((status, s) =>
            createLead(client, { company: `${token} ${c}${s}`, status, estimatedValue: 1000 * (s + 1) + c }),
          ),
        );
        await Promise.all([
          move(client, leads[0], "QUALIFIED").then((answer) => expect(toastOf(answer)?.type).toBe("success")),
          client
            .patch(`/api/leads/${leads[1].id}`, { status: "CLOSED_WON", version: leads[1].version })
            .then((answer) => expect(answer.status).toBe(200)),
          client.delete(`/api/leads/${leads[2].id}`).then((answer) => expect(answer.status).toBe(200)),
          client.delete(`/api/leads/${leads[3].id}`).then(async (answer) => {
            expect(answer.status).toBe(200);
            expect((await client.patch(`/api/leads/${leads[3].id}/unarchive`)).status).toBe(200);
          }),
        ]);
      }),
    );

    const admin = await adminClient();
    // Filtered: the test's own leads, counted in SQL.
    const filtered = await board(admin, "TSS", { search: token });
    // The rows themselves, where the run has a real PostgreSQL to read them from (else the list is the reference).
    const rows = databaseUrl()
      ? await testSql()<{ status: string; count: number; total: string }[]>`
          select status, count(*)::int as count, coalesce(sum(estimated_value), 0)::text as total
            from leads where company_division = 'TSS' and not is_archived and company like ${`${token}%`}
           group by status`
      : null;
    for (const column of filtered) {
      const { total, leads } = await listLeads(admin, "TSS", {
        search: token,
        status: column.status,
        limit: "100",
      });
      expect(column.count).toBe(total);
      if (rows) expect(column.count).toBe(rows.find((one) => one.status === column.status)?.count ?? 0);
      expect(column.countIsLowerBound).toBe(false);
      expect(pence(column.totalValue)).toBe(
        leads.reduce((sum, lead) => sum + pence(lead.estimatedValue ?? "0"), 0),
      );
      expect(column.cards.map((card) => card.id).sort()).toEqual(leads.map((lead) => lead.id).sort());
    }
    // Every client's New lead went to Qualified (whose own leads were archived), its Contacted one to Closed Won.
    const counts = Object.fromEntries(filtered.map((column) => [column.status, column.count]));
    expect(counts).toEqual({
      NEW: 0,
      CONTACTED: 0,
      QUALIFIED: 3,
      PROPOSAL: 3,
      CLOSED_WON: 6,
      CLOSED_LOST: 3,
    });

    // Unfiltered: the kept counts, equal to the list's totals and to the rows of the whole division.
    const whole = await board(admin, "TSS");
    const divisionRows = databaseUrl()
      ? await testSql()<{ status: string; count: number; total: string }[]>`
          select status, count(*)::int as count, coalesce(sum(estimated_value), 0)::numeric(16, 2)::text as total
            from leads where company_division = 'TSS' and not is_archived group by status`
      : null;
    for (const column of whole) {
      expect(column.count).toBe((await listLeads(admin, "TSS", { status: column.status, limit: "1" })).total);
      if (!divisionRows) continue;
      const row = divisionRows.find((one) => one.status === column.status);
      expect(column.count).toBe(row?.count ?? 0);
      expect(column.totalValue).toBe(row?.total ?? "0.00");
    }
  });

  it("weighs each column by the stage weights, which only an admin may change", async () => {
    const admin = await adminClient();
    const { client: sales } = await userWith(["TSS"]);
    expect(await sales.get("/api/admin/pipeline/weights")).toMatchObject({ status: 403 });
    const weights = await admin.get("/api/admin/pipeline/weights");
    expect(weights.status).toBe(200);
    expect(weights.body).toEqual({
      NEW: 10,
      CONTACTED: 25,
      QUALIFIED: 50,
      PROPOSAL: 75,
      CLOSED_WON: 100,
      CLOSED_LOST: 0,
    });
    const changed = { ...weights.body, QUALIFIED: 40 };

    const refused = await sales.request("PUT", "/api/admin/pipeline/weights", { json: changed });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "Forbidden" });
    const form = await sales.postForm("/settings", { intent: "stage-weights", ...changed });
    expect(toastOf(form)?.type).toBe("error");
    expect((await admin.get("/api/admin/pipeline/weights")).body.QUALIFIED).toBe(50);

    const invalid = await admin.request("PUT", "/api/admin/pipeline/weights", {
      json: { ...changed, NEW: 101 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.NEW).toBeDefined();

    try {
      // The admin's Settings form, with its idempotency key as the browser sends it.
      const saved = await admin.postForm("/settings", {
        intent: "stage-weights",
        ...changed,
        idempotencyKey: uniqueToken("weights-key"),
      });
      expect(toastOf(saved)).toMatchObject({ type: "success", title: "Stage weights saved" });
      expect((await admin.get("/api/admin/pipeline/weights")).body).toEqual(changed);
      const token = uniqueToken("weigh");
      await createLead(sales, { company: token, status: "QUALIFIED", estimatedValue: 1234.55 });
      const [qualified] = (await board(sales, "TSS", { search: token, status: "QUALIFIED" })).filter(
        (column) => column.status === "QUALIFIED",
      );
      expect(qualified).toMatchObject({
        count: 1,
        totalValue: "1234.55",
        weightPercent: 40,
        weightedValue: "493.82",
      });
    } finally {
      await admin.request("PUT", "/api/admin/pipeline/weights", { json: weights.body });
    }
  });

  it("pages each column by its own cursor", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("page");
    const made = [];
    for (const name of ["One", "Two", "Three"])
      made.push(await createLead(client, { company: `${token} ${name}`, status: "PROPOSAL" }));
    await createLead(client, { company: `${token} New`, status: "NEW" });
    const first = await board(client, "TSS", { search: token, limit: "2" });
    const proposal = first.find((column) => column.status === "PROPOSAL")!;
    // Last updated first.
    expect(proposal.cards.map((card) => card.id)).toEqual([made[2].id, made[1].id]);
    expect(proposal.nextCursor).not.toBeNull();
    expect(first.find((column) => column.status === "NEW")!.nextCursor).toBeNull();

    const next = await board(client, "TSS", { search: token, limit: "2", cursor: proposal.nextCursor! });
    const rest = next.find((column) => column.status === "PROPOSAL")!;
    expect(rest.cards.map((card) => card.id)).toEqual([made[0].id]);
    expect(rest.nextCursor).toBeNull();
    expect(rest.count).toBe(3);
    // The other columns are their first pages.
    expect(next.find((column) => column.status === "NEW")!.cards).toHaveLength(1);

    // A cursor of the lead list is not one of the board's.
    const listCursor = (await client.get("/api/leads/TSS?limit=1")).headers.get("x-next-cursor")!;
    const refused = await client.get(`/api/pipeline/TSS?cursor=${encodeURIComponent(listCursor)}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.cursor).toBeDefined();
  });

  it("refuses a stale move, naming who moved the lead first, and stores nothing", async () => {
    const { client: first, user } = await userWith(["TSS"]);
    const { client: second } = await userWith(["TSS"]);
    const lead = await createLead(first, { status: "NEW" });
    expect(toastOf(await move(first, lead, "CONTACTED"))).toMatchObject({
      type: "success",
      title: "Moved to Contacted",
      action: { label: "Undo" },
    });
    const before = await leadDetail(first, lead.id);

    const stale = await move(second, lead, "PROPOSAL");
    expect(stale.status).toBe(302);
    expect(toastOf(stale)).toMatchObject({
      type: "error",
      description: `${user.firstName} ${user.lastName} changed this lead before your move. The board shows it as it is now.`,
    });
    const after = await leadDetail(first, lead.id);
    expect(after).toMatchObject({ status: "CONTACTED", version: before.version });
    expect(after.progress).toHaveLength(before.progress.length);

    // The other division's user cannot move it, nor read its division's board.
    const { client: outsider } = await userWith(["NLH"]);
    expect(toastOf(await move(outsider, after, "PROPOSAL"))?.type).toBe("error");
    expect((await outsider.get("/api/pipeline/TSS")).status).toBe(403);
    expect((await leadDetail(first, lead.id)).version).toBe(before.version);
  });
});
