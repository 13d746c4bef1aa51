// No client can hurt the others (issue 28; docs/decisions/023-bounded-requests.md, docs/security.md
// "Limits"): a streamed answer whose client leaves, or never reads, or reads at full speed, holds no database
// connection for it; a statement waiting for a lock is cancelled when its client leaves and gives up after a
// few seconds; a stream stops at its next batch once its user may no longer read it; a log line cannot be
// forged through input; a user's sessions are bounded.
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, inject, it } from "vitest";
import { baseUrl, signIn, signInAdmin, type ApiClient } from "../support/api-client";
import { databaseUrl, testSql } from "../support/database";
import { createLead, uniqueToken, userWith } from "../support/leads";

/** `count` leads of `user` in `division`, straight into the database, their company `token` + " Co". */
async function bulkLeads(userId: string, division: "TSS" | "NLH", token: string, count: number) {
  await testSql()`
    insert into leads (first_name, last_name, email, company, company_division, created_by)
    select 'Bulk', 'Lead ' || i, 'bulk' || i || '@' || ${token} || '.example', ${token} || ' Co', ${division},
           ${userId}
      from generate_series(1, ${count}) as i`;
}

/** The app's connections to the test database, by state (this test's own left out). */
async function appConnectionStates() {
  const rows = await testSql()<{ state: string | null; waitEventType: string | null }[]>`
    select state, wait_event_type from pg_stat_activity
     where datname = current_database() and backend_type = 'client backend'
       and application_name <> 'crm-test' and pid <> pg_backend_pid()`;
  return rows;
}

/** GET `path` on the suite's app; the milliseconds the whole answer took. */
async function timedGet(client: ApiClient, path: string) {
  const started = Date.now();
  const result = await client.get(path);
  return { status: result.status, ms: Date.now() - started };
}

/** A GET whose client reads the head of the answer and then nothing more; `close()` hangs up. */
function neverReading(path: string, cookie: string) {
  return new Promise<{ status: number; retryAfter: string | undefined; close: () => void }>(
    (resolve, reject) => {
      const request = http.get(baseUrl() + path, { headers: { cookie } }, (response) => {
        response.pause();
        resolve({
          status: response.statusCode!,
          retryAfter: response.headers["retry-after"],
          close: () => request.destroy(),
        });
      });
      request.on("error", reject);
    },
  );
}

function p99(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.99) - 1];
}

describe.runIf(databaseUrl())("streamed answers (whole lists, exports)", () => {
  it("50 aborted a few milliseconds in leave no connection in a transaction; /healthz answers in under a second", async () => {
    const { client, user } = await userWith(["TSS"]);
    const token = uniqueToken("aborted");
    await bulkLeads(user.id, "TSS", token, 3000);
    const paths = ["/api/leads/TSS/export.csv", `/api/leads/TSS?search=${token}`, "/api/leads/TSS"];
    for (let i = 0; i < 50; i++) {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 2 + (i % 20) * 2);
      await fetch(baseUrl() + paths[i % paths.length], {
        headers: { cookie: client.cookie! },
        signal: controller.signal,
      })
        .then((response) => response.body?.cancel())
        .catch(() => {});
    }
    await sleep(500);
    const states = (await appConnectionStates()).map((row) => row.state);
    expect(states.filter((state) => state?.startsWith("idle in transaction"))).toEqual([]);
    const health = await timedGet(client, "/healthz");
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(1000);
    // The user's streams were all given back: they can stream again, whole.
    const whole = await client.get<unknown[]>(`/api/leads/TSS?search=${token}`);
    expect(whole.status).toBe(200);
    expect(whole.body).toHaveLength(3000);
  }, 60_000);

  it("20 that are never read, and 10 read at full speed, keep another user's list under 1 s (p99)", async () => {
    const token = uniqueToken("slow");
    const readers = await Promise.all(Array.from({ length: 7 }, () => userWith(["TSS"])));
    await bulkLeads(readers[0].user.id, "TSS", token, 15000);
    const { client: other } = await userWith(["TSS"]);
    await createLead(other, { companyDivision: "TSS" });

    // Three streams each for seven users (21), never read past their head.
    const stalled = await Promise.all(
      readers.flatMap(({ client }) =>
        [
          "/api/leads/TSS/export.csv",
          `/api/leads/TSS?search=${token}`,
          `/api/leads/TSS?search=${token}&dir=asc`,
        ].map((path) => neverReading(path, client.cookie!)),
      ),
    );
    try {
      expect(stalled.map((stream) => stream.status)).toEqual(stalled.map(() => 200));
      // A fourth stream of one user is refused until one of theirs ends.
      const fourth = await neverReading(`/api/leads/TSS?search=${token}`, readers[0].client.cookie!);
      fourth.close();
      expect(fourth.status).toBe(429);
      expect(Number(fourth.retryAfter)).toBeGreaterThan(0);

      // Ten exports read whole, at full speed, by other users, while another user pages their list.
      const fast = await Promise.all(Array.from({ length: 4 }, () => userWith(["TSS"])));
      const exports = Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          fetch(`${baseUrl()}/api/leads/TSS/export.csv`, {
            headers: { cookie: fast[i % 4].client.cookie! },
          }).then(async (response) => ({
            status: response.status,
            bytes: (await response.arrayBuffer()).byteLength,
          })),
        ),
      );
      const timings: number[] = [];
      for (let i = 0; i < 40; i++) {
        const answer = await timedGet(other, "/api/leads/TSS?limit=20&myLeadsOnly=true");
        expect(answer.status).toBe(200);
        timings.push(answer.ms);
      }
      // Four users, ten exports: within their three streams each, and every one whole.
      for (const answer of await exports) {
        expect(answer.status).toBe(200);
        expect(answer.bytes).toBeGreaterThan(15000 * 50);
      }
      expect(p99(timings)).toBeLessThan(1000);
    } finally {
      for (const stream of stalled) stream.close();
    }
  }, 120_000);

  it("stop at the next batch once their user loses the division or is deactivated: the answer is cut off", async () => {
    const admin = await signInAdmin();
    const token = uniqueToken("revoked");
    const { client, user } = await userWith(["TSS", "NLH"]);
    const LEADS = 30000;
    await bulkLeads(user.id, "NLH", token, LEADS);

    /**
     * Starts reading `path`, lets `change` happen as soon as the answer has begun (30,000 leads are dozens of
     * batches, most of them not read yet), then reads on: what came, and how it ended.
     */
    const readAcross = async (path: string, change: () => Promise<void>) => {
      const response = await fetch(baseUrl() + path, {
        headers: { cookie: client.cookie!, "accept-encoding": "identity" },
      });
      expect(response.status).toBe(200);
      await change();
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          text += decoder.decode(chunk.value, { stream: true });
        }
        return { text, cutOff: false };
      } catch {
        return { text, cutOff: true };
      }
    };

    const list = await readAcross(`/api/leads/NLH?search=${token}`, async () => {
      expect((await admin.delete(`/api/admin/users/${user.id}/company-access/NLH`)).status).toBe(200);
    });
    expect(list.cutOff).toBe(true);
    expect(list.text.split(`@${token}.example`).length - 1).toBeLessThan(LEADS);

    expect((await admin.post(`/api/admin/users/${user.id}/company-access`, { company: "NLH" })).status).toBe(
      200,
    );
    const exported = await readAcross("/api/leads/NLH/export.csv", async () => {
      expect((await admin.patch(`/api/admin/users/${user.id}/status`, { isActive: false })).status).toBe(200);
    });
    expect(exported.cutOff).toBe(true);
    expect(exported.text.split(`@${token}.example`).length - 1).toBeLessThan(LEADS);
  }, 90_000);
});

describe.runIf(databaseUrl())("a write waiting for a lock", () => {
  it("is cancelled when its client leaves, gives up with 503 after a few seconds, and changes nothing", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client, { companyDivision: "TSS" });
    const patch = (signal?: AbortSignal) =>
      fetch(`${baseUrl()}/api/leads/${lead.id}`, {
        method: "PATCH",
        headers: { cookie: client.cookie!, "content-type": "application/json" },
        body: JSON.stringify({ company: "Changed While Locked Ltd" }),
        signal,
      });
    let waitingAfterLeaving: unknown[] = [];
    let timedOut: { status: number; retryAfter: string | null; ms: number } | undefined;
    // Another session holds the lead's row, as a long edit in another tool would.
    await testSql().begin(async (tx) => {
      await tx`select 1 from leads where id = ${lead.id} for update`;
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      await patch(controller.signal).catch(() => {});
      await sleep(700);
      waitingAfterLeaving = (await appConnectionStates()).filter((row) => row.waitEventType === "Lock");
      const started = Date.now();
      const answer = await patch();
      timedOut = {
        status: answer.status,
        retryAfter: answer.headers.get("retry-after"),
        ms: Date.now() - started,
      };
    });
    expect(waitingAfterLeaving).toEqual([]);
    expect(timedOut).toMatchObject({ status: 503 });
    expect(Number(timedOut!.retryAfter)).toBeGreaterThan(0);
    expect(timedOut!.ms).toBeLessThan(6000);
    await sleep(300);
    const after = await client.get(`/api/leads/detail/${lead.id}`);
    expect(after.body).toMatchObject({ company: lead.company, version: lead.version });
  }, 30_000);
});

describe.runIf(databaseUrl())("log lines", () => {
  it("cannot be forged: a line break in input the database refuses is written as \\n", async () => {
    const { client } = await userWith(["TSS"]);
    const forged = "FORGED admin@test.example signed in from 10.0.0.1";
    // A cursor whose key the database cannot read as a date: its error message quotes the key.
    const cursor = Buffer.from(
      JSON.stringify({ o: "leads:updated:desc", k: [`x\n${forged}`, crypto.randomUUID()] }),
    ).toString("base64url");
    const answer = await client.get(`/api/leads/TSS?limit=5&cursor=${cursor}`);
    expect(answer.status).toBe(400);
    await sleep(200);
    const { readFileSync } = await import("node:fs");
    const log = readFileSync(inject("serverLog"), "utf8");
    expect(log).toContain(`\\n${forged}`);
    expect(log.split("\n").filter((line) => line.startsWith("FORGED"))).toEqual([]);
  });
});

describe("a user's sessions", () => {
  it("are at most 20: signing in a 21st time ends the oldest", async () => {
    const admin = await signInAdmin();
    const { user } = await userWith(["TSS"]);
    const sessions: ApiClient[] = [];
    for (let i = 0; i < 21; i++) sessions.push(await signIn(user.email, user.password));
    expect((await sessions[0].get("/api/auth/user")).status).toBe(401);
    for (const session of sessions.slice(1)) expect((await session.get("/api/auth/user")).status).toBe(200);
    expect((await admin.get("/api/auth/user")).status).toBe(200);
  }, 60_000);
});
