// Administration beyond the users API's own tests (users-api.test.ts): the user list's search and paging,
// and the audit log (CONTRACT.md "Audit log"): an entry for every kind of change, its fields, search, action
// filter, paging and counts.
import { describe, expect, it } from "vitest";
import {
  attemptSignIn,
  baseUrl,
  createUser,
  signIn,
  signInAdmin,
  uniqueAddress,
  uniqueEmail,
} from "../support/api-client";
import { createContact } from "../support/contacts";
import { createLead, uniqueToken } from "../support/leads";

type Entry = {
  id: string;
  timestamp: string;
  userId: string | null;
  userName: string;
  action: string;
  resource: string;
  details: string;
  ipAddress: string | null;
  userAgent: string | null;
};

describe("GET /api/admin/users", () => {
  it("searches by name or e-mail and pages, with X-Total-Count", async () => {
    const admin = await signInAdmin();
    const token = uniqueToken("people");
    for (const first of ["Ada", "Bea", "Cy"]) await createUser(admin, { firstName: first, lastName: token });
    const all = await admin.get(`/api/admin/users?search=${token}`);
    expect(all.status).toBe(200);
    expect(all.headers.get("x-total-count")).toBe("3");
    expect(all.body.map((user: { firstName: string }) => user.firstName)).toEqual(["Ada", "Bea", "Cy"]);
    const page = await admin.get(`/api/admin/users?search=${token}&limit=1&offset=1`);
    expect(page.body.map((user: { firstName: string }) => user.firstName)).toEqual(["Bea"]);
    expect(page.headers.get("x-total-count")).toBe("3");
    // Without a search or limit: every user, as a bare array (CONTRACT.md).
    const everyone = await admin.get("/api/admin/users");
    expect(Array.isArray(everyone.body)).toBe(true);
    expect(Number(everyone.headers.get("x-total-count"))).toBe(everyone.body.length);
  });
});

describe("the audit log", () => {
  it("records every kind of change with time, user, action, resource, details, address and user agent", async () => {
    const admin = await signInAdmin();
    const email = uniqueEmail("audited");
    const address = uniqueAddress();
    const name = uniqueToken("Audited");
    const user = await createUser(admin, { email, lastName: name, companies: ["TSS"] });
    expect((await attemptSignIn({ username: email, password: "wrong-password" }, address)).status).toBe(401);
    const client = await signIn(email, user.password, {
      "x-forwarded-for": address,
      "user-agent": "Audit Test/1.0",
    });
    const lead = await createLead(client, { company: `Audited ${uniqueToken("co")}` });
    await client.patch(`/api/leads/${lead.id}`, { status: "CONTACTED" });
    await client.delete(`/api/leads/${lead.id}`);
    await client.patch(`/api/leads/${lead.id}/unarchive`);
    const contact = await createContact(client);
    await client.patch(`/api/contacts/${contact.id}`, { position: "Chief" });
    await fetch(`${baseUrl()}/api/leads/TSS/export.csv`, { headers: { cookie: client.cookie! } }).then((r) =>
      r.text(),
    );
    await admin.post(`/api/admin/users/${user.id}/company-access`, { company: "NLH" });
    await admin.patch(`/api/admin/users/${user.id}/role`, { role: "SALES_USER" });
    await admin.patch(`/api/admin/users/${user.id}/password`, { newPassword: "a-new-password-9" });
    await admin.patch(`/api/admin/users/${user.id}/status`, { isActive: false });

    const byUser = await admin.get(`/api/admin/audit-log?limit=100&search=${encodeURIComponent(user.id)}`);
    expect(byUser.status).toBe(200);
    const byEmail = await admin.get(`/api/admin/audit-log?limit=100&search=${encodeURIComponent(email)}`);
    const entries = [...(byUser.body as Entry[]), ...(byEmail.body as Entry[])];
    const actions = new Set(entries.map((entry) => entry.action));
    for (const action of [
      "USER_CREATED",
      "USER_LOGIN_FAILED",
      "PERMISSION_CHANGED",
      "PASSWORD_CHANGED",
      "USER_STATUS_CHANGED",
    ]) {
      expect(actions, action).toContain(action);
    }
    const mine = await admin.get(`/api/admin/audit-log?limit=100&search=${encodeURIComponent(name)}`);
    const own = (mine.body as Entry[]).filter((entry) => entry.userId === user.id);
    expect(new Set(own.map((entry) => entry.action))).toEqual(
      new Set([
        "USER_LOGIN",
        "LEAD_CREATED",
        "LEAD_UPDATED",
        "LEAD_ARCHIVED",
        "LEAD_RESTORED",
        "CONTACT_CREATED",
        "CONTACT_UPDATED",
        "DATA_EXPORT",
      ]),
    );
    const login = own.find((entry) => entry.action === "USER_LOGIN")!;
    expect(Object.keys(login).sort()).toEqual([
      "action",
      "details",
      "id",
      "ipAddress",
      "resource",
      "timestamp",
      "userAgent",
      "userId",
      "userName",
    ]);
    expect(login).toMatchObject({ userId: user.id, ipAddress: address, userAgent: "Audit Test/1.0" });
    expect(login.userName).toBe(`${user.firstName} ${user.lastName}`);
    expect(new Date(login.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Newest first.
    const times = own.map((entry) => entry.timestamp);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("records a role or status saved unchanged once, when it changed, and answers the user each time", async () => {
    const admin = await signInAdmin();
    const user = await createUser(admin);
    const entries = async (action: string) => {
      const found = await admin.get(
        `/api/admin/audit-log?action=${action}&search=${encodeURIComponent(user.id)}`,
      );
      return (found.body as Entry[]).length;
    };
    for (let i = 0; i < 2; i++) {
      const role = await admin.patch(`/api/admin/users/${user.id}/role`, { role: "ADMIN" });
      expect(role.status).toBe(200);
      expect(role.body).toMatchObject({ role: "ADMIN" });
      const status = await admin.patch(`/api/admin/users/${user.id}/status`, { isActive: false });
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ isActive: false });
    }
    expect(await entries("PERMISSION_CHANGED")).toBe(1);
    expect(await entries("USER_STATUS_CHANGED")).toBe(1);
  });

  it("filters by action and pages with X-Total-Count; refuses an unknown action", async () => {
    const admin = await signInAdmin();
    const exports = await admin.get("/api/admin/audit-log?action=DATA_EXPORT&limit=2");
    expect(exports.status).toBe(200);
    expect((exports.body as Entry[]).every((entry) => entry.action === "DATA_EXPORT")).toBe(true);
    const total = Number(exports.headers.get("x-total-count"));
    const all = await admin.get("/api/admin/audit-log?action=DATA_EXPORT");
    expect(all.body).toHaveLength(total);
    const unknown = await admin.get("/api/admin/audit-log?action=EVERYTHING");
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(["action"]);
  });

  it("the admin page's Audit Log dialog shows the counts and the entries from the server", async () => {
    const admin = await signInAdmin();
    const page = await admin.get("/admin?audit=1&aaction=USER_LOGIN");
    expect(page.status).toBe(200);
    for (const text of ["Audit Log", "Total events", "Logins", "Records created", "Exports", "User Login"]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toContain("h-[400px]");
  });
});
