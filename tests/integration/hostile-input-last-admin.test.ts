// The last active admin (issue "Hostile-input tests"): cannot be demoted or deactivated, extra fields in the
// body or not, and two last admins demoting or deactivating each other at once leave one. Needs a real
// PostgreSQL, which puts the first admin back should a race take its role or status away.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody, preview } from "../support/answers";
import { signInAdmin, signedInUser, type ApiClient, type UserObject } from "../support/api-client";
import { databaseUrl, rowPrints, testSql } from "../support/database";

describe.runIf(databaseUrl())("the last active admin", () => {
  // The first admin must stay an active admin for every other test: the other active admins (made by other
  // tests) are demoted for this test and promoted back after it, and the first admin is put back by SQL
  // should a race ever take its role or status away. Test files run one at a time.
  let me: UserObject;
  let ownAdmin: ApiClient;
  const demotedOthers: string[] = [];

  async function allUsers() {
    const result = await ownAdmin.get<UserObject[]>("/api/admin/users");
    expect(result.status).toBe(200);
    return result.body;
  }

  async function restoreFirstAdmin() {
    await testSql()`update users set role = 'ADMIN', is_active = true where id = ${me.id}`;
    ownAdmin = await signInAdmin();
  }

  beforeAll(async () => {
    ownAdmin = await signInAdmin();
    me = (await ownAdmin.get("/api/auth/user")).body;
  });

  async function withOnlyMeAsActiveAdmin(run: () => Promise<void>) {
    const others = (await allUsers()).filter(
      (user) => user.role === "ADMIN" && user.isActive && user.id !== me.id,
    );
    try {
      for (const other of others) {
        const result = await ownAdmin.patch(`/api/admin/users/${other.id}/role`, { role: "SALES_USER" });
        expect(result.status).toBe(200);
        demotedOthers.push(other.id);
      }
      await run();
    } finally {
      await restoreFirstAdmin();
      for (const id of demotedOthers.splice(0))
        await ownAdmin.patch(`/api/admin/users/${id}/role`, { role: "ADMIN" });
    }
  }

  it("cannot be demoted or deactivated, even with extra fields in the body (409), and stays an admin", async () => {
    await withOnlyMeAsActiveAdmin(async () => {
      const active = (await allUsers()).filter((user) => user.role === "ADMIN" && user.isActive);
      expect(active.map((user) => user.id)).toEqual([me.id]);
      const before = await rowPrints([me.id]);
      for (const [path, json] of [
        [`/api/admin/users/${me.id}/role`, { role: "SALES_USER" }],
        [
          `/api/admin/users/${me.id}/role`,
          { role: "SALES_USER", force: true, isActive: true, id: crypto.randomUUID() },
        ],
        [`/api/admin/users/${me.id}/status`, { isActive: false, role: "ADMIN" }],
      ] as const) {
        const result = await ownAdmin.patch(path, json);
        expect(result.status, `${path} ${preview(json)}`).toBe(409);
        expectErrorBody(result, path);
      }
      // Its sessions included: the status refusal did not end them.
      expect(await rowPrints([me.id])).toEqual(before);
      expect((await ownAdmin.get("/api/auth/user")).body).toMatchObject({ role: "ADMIN", isActive: true });
    });
  });

  it("two last admins demoting or deactivating each other at once: one wins, one active admin remains", async () => {
    await withOnlyMeAsActiveAdmin(async () => {
      for (const change of ["role", "status", "role", "status"] as const) {
        const second = await signedInUser(ownAdmin, { role: "ADMIN", companies: ["TSS"] });
        const json = change === "role" ? { role: "SALES_USER" } : { isActive: false };
        const results = await Promise.all([
          ownAdmin.patch(`/api/admin/users/${second.user.id}/${change}`, json),
          second.client.patch(`/api/admin/users/${me.id}/${change}`, json),
        ]);
        const statuses = results.map((result) => result.status);
        for (const result of results) expect(result.status, preview(result.body)).toBeLessThan(500);
        // One change goes through; the other is the conflict (or, if the winner already took the loser's
        // role or session away before its request was read, 401/403).
        expect(
          statuses.filter((status) => status === 200),
          `${change}: ${statuses}`,
        ).toHaveLength(1);
        expect(
          statuses.every((status) => [200, 401, 403, 409].includes(status)),
          `${change}: ${statuses}`,
        ).toBe(true);
        const [{ count }] = await testSql()`
          select count(*)::int as count from users
           where role = 'ADMIN' and is_active and id in (${me.id}, ${second.user.id})`;
        expect(count, `${change}: ${statuses}`).toBe(1);
        // Put the first admin back (it may have lost), and retire the second one.
        await restoreFirstAdmin();
        await testSql()`update users set role = 'SALES_USER' where id = ${second.user.id}`;
      }
    });
  });
});
