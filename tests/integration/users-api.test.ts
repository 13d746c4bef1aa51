// The users API of SPEC.md section 7 "Administration", with CONTRACT.md's statuses, messages and rules
// ("Users:" in "Rules the seed does not show"; sessions in "Signing in").
import { beforeAll, describe, expect, it } from "vitest";
import {
  FORBIDDEN,
  NOT_FOUND,
  SIGN_IN_REFUSED,
  UNAUTHORIZED,
  UUID,
  expectInvalidInput,
} from "../support/answers";
import {
  ApiClient,
  attemptSignIn,
  createUser,
  missingId,
  newUserInput,
  signIn,
  signInAdmin,
  signedInUser,
  uniqueEmail,
  type ApiResult,
  USER_KEYS,
  deactivateUser,
} from "../support/api-client";
import { ADMIN } from "../support/test-server";

const PASSWORD_MESSAGE = "Password must be at least 8 characters long";

let admin: ApiClient;
beforeAll(async () => {
  admin = await signInAdmin();
});

type User = {
  id: string;
  email: string;
  role: string;
  isActive: boolean;
  companyAccess: { company: string }[];
};

const companiesOf = (user: { companyAccess: { company: string }[] }) =>
  user.companyAccess.map((entry) => entry.company).sort();

async function listUsers(): Promise<User[]> {
  const result = await admin.get<User[]>("/api/admin/users");
  expect(result.status).toBe(200);
  return result.body;
}

async function findUser(id: string) {
  return (await listUsers()).find((user) => user.id === id);
}

/** A 409 conflict with a message of its own (not pinned by CONTRACT.md). */
function expectConflict(result: ApiResult) {
  expect(result.status).toBe(409);
  expect(typeof result.body.message).toBe("string");
  expect(result.body.message.length).toBeGreaterThan(0);
  expect(Object.keys(result.body)).toEqual(["message"]);
}

describe("GET /api/admin/users", () => {
  it("answers 200 to an ADMIN with every user and their companyAccess", async () => {
    const tss = await createUser(admin, { companies: ["TSS"] });
    const both = await createUser(admin, { companies: ["NLH", "TSS"], role: "ADMIN" });
    const result = await admin.get("/api/admin/users");
    expect(result.status).toBe(200);
    expect(Array.isArray(result.body)).toBe(true);
    for (const user of result.body) expect(Object.keys(user).sort()).toEqual(USER_KEYS);
    expect(JSON.stringify(result.body)).not.toMatch(/passwordHash|argon2/i);

    const byId = new Map(result.body.map((user: User) => [user.id, user]));
    expect(byId.get(tss.id)).toMatchObject({
      email: tss.email,
      role: "SALES_USER",
      isActive: true,
      hasPassword: true,
      companyAccess: [{ company: "TSS" }],
    });
    expect(byId.get(both.id)).toMatchObject({ email: both.email, role: "ADMIN" });
    expect(companiesOf(byId.get(both.id) as User)).toEqual(["NLH", "TSS"]);
    const first = result.body.find((user: User) => user.email === ADMIN.email);
    expect(first).toMatchObject({ role: "ADMIN", isActive: true });
    expect(companiesOf(first)).toEqual(["NLH", "TSS"]);
  });

  it("answers 403 Forbidden to a SALES_USER and 401 without a session", async () => {
    const { client } = await signedInUser(admin);
    const sales = await client.get("/api/admin/users");
    expect(sales.status).toBe(403);
    expect(sales.body).toEqual(FORBIDDEN);

    const none = await new ApiClient().get("/api/admin/users");
    expect(none.status).toBe(401);
    expect(none.body).toEqual(UNAUTHORIZED);
  });
});

describe("POST /api/admin/users", () => {
  it("answers 201 with the created user, who can then sign in", async () => {
    const input = newUserInput({
      role: "ADMIN",
      companies: ["TSS", "NLH"],
      firstName: "Ada",
      lastName: "Admin",
    });
    const result = await admin.post("/api/admin/users", input);
    expect(result.status).toBe(201);
    expect(Object.keys(result.body).sort()).toEqual(USER_KEYS);
    expect(result.body).toEqual({
      id: expect.stringMatching(UUID),
      email: input.email,
      firstName: "Ada",
      lastName: "Admin",
      role: "ADMIN",
      companyAccess: expect.arrayContaining([{ company: "TSS" }, { company: "NLH" }]),
      isActive: true,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
      profileImageUrl: null,
      hasPassword: true,
    });
    expect(result.body.companyAccess).toHaveLength(2);

    const signedIn = await attemptSignIn({ username: input.email, password: input.password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.id).toBe(result.body.id);
    expect((await findUser(result.body.id))?.email).toBe(input.email);
  });

  it("makes the user a SALES_USER when no role is given", async () => {
    const { role: _role, ...input } = newUserInput();
    const result = await admin.post("/api/admin/users", input);
    expect(result.status).toBe(201);
    expect(result.body.role).toBe("SALES_USER");
  });

  it("answers 400 Invalid input with SPEC.md's message for every missing field", async () => {
    const result = await admin.post("/api/admin/users", {});
    expectInvalidInput(result, ["companies", "email", "firstName", "lastName", "password"]);
    expect(result.body.errors.email).toContain("Valid email is required");
    expect(result.body.errors.firstName).toContain("First name is required");
    expect(result.body.errors.lastName).toContain("Last name is required");
    expect(result.body.errors.password).toContain(PASSWORD_MESSAGE);
    expect(result.body.errors.companies).toContain("At least one company must be selected");
  });

  it.each([
    ["email", { email: "not-an-email" }, "Valid email is required"],
    ["email", { email: "" }, "Valid email is required"],
    ["firstName", { firstName: "" }, "First name is required"],
    ["firstName", { firstName: "   " }, "First name is required"],
    ["lastName", { lastName: "" }, "Last name is required"],
    ["lastName", { lastName: " " }, "Last name is required"],
    ["password", { password: "1234567" }, PASSWORD_MESSAGE],
    ["password", { password: "" }, PASSWORD_MESSAGE],
    ["companies", { companies: [] }, "At least one company must be selected"],
  ])("answers 400 with errors.%s for %j", async (field, overrides, message) => {
    const input = newUserInput(overrides);
    const result = await admin.post("/api/admin/users", input);
    expectInvalidInput(result, [field]);
    expect(result.body.errors[field]).toContain(message);
    if (input.email) expect((await listUsers()).some((user) => user.email === input.email)).toBe(false);
  });

  it.each([
    ["role", { role: "SUPERUSER" }],
    ["companies", { companies: ["XYZ"] }],
    ["companies", { companies: "TSS" }],
  ])("answers 400 with errors.%s for %j", async (field, overrides) => {
    const input = newUserInput(overrides);
    const result = await admin.post("/api/admin/users", input);
    expectInvalidInput(result, [field]);
    expect((await listUsers()).some((user) => user.email === input.email)).toBe(false);
  });

  it("accepts a password of exactly 8 characters", async () => {
    const input = newUserInput({ password: "12345678" });
    expect((await admin.post("/api/admin/users", input)).status).toBe(201);
    expect((await attemptSignIn({ username: input.email, password: "12345678" })).status).toBe(200);
  });

  it("answers 409 for an e-mail another user already has, in any case", async () => {
    const existing = await createUser(admin);
    const same = await admin.post("/api/admin/users", newUserInput({ email: existing.email }));
    expectConflict(same);
    const upper = await admin.post("/api/admin/users", newUserInput({ email: existing.email.toUpperCase() }));
    expectConflict(upper);
    const padded = await admin.post("/api/admin/users", newUserInput({ email: `  ${existing.email} ` }));
    expectConflict(padded);
    const matches = (await listUsers()).filter((user) => user.email.toLowerCase() === existing.email);
    expect(matches).toHaveLength(1);
    // The existing user is untouched.
    expect((await attemptSignIn({ username: existing.email, password: existing.password })).status).toBe(200);
  });

  it("lets a user created with a mixed-case e-mail sign in with any case", async () => {
    const email = `Mixed.${uniqueEmail("case")}`.replace("@test.example", "@Test.Example");
    const created = await admin.post("/api/admin/users", newUserInput({ email }));
    expect(created.status).toBe(201);
    for (const username of [email, email.toLowerCase()]) {
      expect((await attemptSignIn({ username, password: "password-123" })).status).toBe(200);
    }
  });

  it("answers 403 to a SALES_USER and 401 without a session, and creates nobody", async () => {
    const { client } = await signedInUser(admin);
    const input = newUserInput();
    const sales = await client.post("/api/admin/users", input);
    expect(sales.status).toBe(403);
    expect(sales.body).toEqual(FORBIDDEN);
    const none = await new ApiClient().post("/api/admin/users", input);
    expect(none.status).toBe(401);
    expect(none.body).toEqual(UNAUTHORIZED);
    expect((await listUsers()).some((user) => user.email === input.email)).toBe(false);
  });
});

describe("PATCH /api/admin/users/{id}/role", () => {
  it("answers 200 with the user, and the change applies to their open session at once", async () => {
    const { user, client } = await signedInUser(admin);
    expect((await client.get("/api/admin/users")).status).toBe(403);

    const promoted = await admin.patch(`/api/admin/users/${user.id}/role`, { role: "ADMIN" });
    expect(promoted.status).toBe(200);
    expect(Object.keys(promoted.body).sort()).toEqual(USER_KEYS);
    expect(promoted.body).toMatchObject({ id: user.id, email: user.email, role: "ADMIN" });
    expect((await client.get("/api/admin/users")).status).toBe(200);
    expect((await client.get("/api/auth/user")).body.role).toBe("ADMIN");

    const demoted = await admin.patch(`/api/admin/users/${user.id}/role`, { role: "SALES_USER" });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe("SALES_USER");
    const after = await client.get("/api/admin/users");
    expect(after.status).toBe(403);
    expect(after.body).toEqual(FORBIDDEN);
    expect((await client.get("/api/auth/user")).body.role).toBe("SALES_USER");
  });

  it.each([[{ role: "SUPERUSER" }], [{ role: "admin" }], [{}], [{ role: null }]])(
    "answers 400 Invalid input with errors.role for %j",
    async (body) => {
      const user = await createUser(admin);
      const result = await admin.patch(`/api/admin/users/${user.id}/role`, body);
      expectInvalidInput(result, ["role"]);
      expect((await findUser(user.id))?.role).toBe("SALES_USER");
    },
  );

  it("answers 404 for an unknown or malformed id, before looking at the input", async () => {
    for (const id of [missingId(), "not-a-uuid", "12345"]) {
      for (const body of [{ role: "ADMIN" }, { role: "SUPERUSER" }]) {
        const result = await admin.patch(`/api/admin/users/${id}/role`, body);
        expect(result.status, `${id} ${JSON.stringify(body)}`).toBe(404);
        expect(result.body).toEqual(NOT_FOUND);
      }
    }
  });

  it("allows demoting or deactivating an admin while another active admin remains", async () => {
    const second = await createUser(admin, { role: "ADMIN" });
    const demoted = await admin.patch(`/api/admin/users/${second.id}/role`, { role: "SALES_USER" });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe("SALES_USER");

    const third = await signedInUser(admin, { role: "ADMIN" });
    // An admin may even demote themselves while another active admin remains.
    const self = await third.client.patch(`/api/admin/users/${third.user.id}/role`, { role: "SALES_USER" });
    expect(self.status).toBe(200);
    expect((await third.client.get("/api/admin/users")).status).toBe(403);

    const fourth = await createUser(admin, { role: "ADMIN" });
    const deactivated = await admin.patch(`/api/admin/users/${fourth.id}/status`, { isActive: false });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ role: "ADMIN", isActive: false });
  });

  it("answers 409 to demoting or deactivating the last active admin", async () => {
    // ADMIN must stay an active admin for every other test, so the last active admin here is ADMIN: the
    // other active admins (made by other tests) are demoted for the length of this test and promoted back
    // afterwards. Test files run one at a time, so no other test sees the difference.
    const me = (await admin.get("/api/auth/user")).body as User;
    const others = (await listUsers()).filter(
      (user) => user.role === "ADMIN" && user.isActive && user.id !== me.id,
    );
    const demotedOthers: string[] = [];
    try {
      for (const other of others) {
        const result = await admin.patch(`/api/admin/users/${other.id}/role`, { role: "SALES_USER" });
        expect(result.status).toBe(200);
        demotedOthers.push(other.id);
      }
      // An inactive admin does not count as another active admin.
      const inactiveAdmin = await createUser(admin, { role: "ADMIN" });
      expect(
        (await admin.patch(`/api/admin/users/${inactiveAdmin.id}/status`, { isActive: false })).status,
      ).toBe(200);
      const activeAdmins = (await listUsers()).filter((user) => user.role === "ADMIN" && user.isActive);
      expect(activeAdmins.map((user) => user.id)).toEqual([me.id]);

      const demote = await admin.patch(`/api/admin/users/${me.id}/role`, { role: "SALES_USER" });
      expectConflict(demote);
      const deactivate = await admin.patch(`/api/admin/users/${me.id}/status`, { isActive: false });
      expectConflict(deactivate);

      // Nothing changed: ADMIN is still an active admin, signed in.
      expect((await admin.get("/api/auth/user")).body).toMatchObject({ role: "ADMIN", isActive: true });
      expect((await admin.get("/api/admin/users")).status).toBe(200);
      // Keeping the role (ADMIN to ADMIN) and activating are fine.
      expect((await admin.patch(`/api/admin/users/${me.id}/role`, { role: "ADMIN" })).status).toBe(200);
      expect((await admin.patch(`/api/admin/users/${me.id}/status`, { isActive: true })).status).toBe(200);
    } finally {
      for (const id of demotedOthers) await admin.patch(`/api/admin/users/${id}/role`, { role: "ADMIN" });
    }
    const restored = await listUsers();
    for (const other of others) expect(restored.find((user) => user.id === other.id)?.role).toBe("ADMIN");
  });
});

describe("POST /api/admin/users/{id}/company-access", () => {
  it("grants access (200 with the user), idempotently, effective on the user's open session", async () => {
    const { user, client } = await signedInUser(admin, { companies: ["TSS"] });
    const granted = await admin.post(`/api/admin/users/${user.id}/company-access`, { company: "NLH" });
    expect(granted.status).toBe(200);
    expect(Object.keys(granted.body).sort()).toEqual(USER_KEYS);
    expect(granted.body.id).toBe(user.id);
    expect(companiesOf(granted.body)).toEqual(["NLH", "TSS"]);

    const again = await admin.post(`/api/admin/users/${user.id}/company-access`, { company: "NLH" });
    expect(again.status).toBe(200);
    expect(companiesOf(again.body)).toEqual(["NLH", "TSS"]);

    const me = await client.get("/api/auth/user");
    expect(companiesOf(me.body)).toEqual(["NLH", "TSS"]);
  });

  it.each([[{ company: "XYZ" }], [{ company: "nlh" }], [{}], [{ company: 1 }]])(
    "answers 400 with errors.company for %j",
    async (body) => {
      const user = await createUser(admin, { companies: ["TSS"] });
      const result = await admin.post(`/api/admin/users/${user.id}/company-access`, body);
      expectInvalidInput(result, ["company"]);
      expect(companiesOf((await findUser(user.id))!)).toEqual(["TSS"]);
    },
  );

  it("answers 404 for an unknown or malformed user id", async () => {
    for (const id of [missingId(), "not-a-uuid"]) {
      const result = await admin.post(`/api/admin/users/${id}/company-access`, { company: "NLH" });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(NOT_FOUND);
    }
  });
});

describe("DELETE /api/admin/users/{id}/company-access/{company}", () => {
  it("revokes access (200 with the user), effective on the user's open session", async () => {
    const { user, client } = await signedInUser(admin, { companies: ["TSS", "NLH"] });
    expect(companiesOf((await client.get("/api/auth/user")).body)).toEqual(["NLH", "TSS"]);

    const revoked = await admin.delete(`/api/admin/users/${user.id}/company-access/TSS`);
    expect(revoked.status).toBe(200);
    expect(Object.keys(revoked.body).sort()).toEqual(USER_KEYS);
    expect(revoked.body.companyAccess).toEqual([{ company: "NLH" }]);

    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.companyAccess).toEqual([{ company: "NLH" }]);
  });

  it("answers 400 when the user would be left with no company, and keeps the access", async () => {
    const user = await createUser(admin, { companies: ["NLH"] });
    const result = await admin.delete(`/api/admin/users/${user.id}/company-access/NLH`);
    expect(result.status).toBe(400);
    expect(typeof result.body.message).toBe("string");
    expect((await findUser(user.id))?.companyAccess).toEqual([{ company: "NLH" }]);
  });

  it.each(["XYZ", "tss", "nlh", "ALL"])(
    "answers 400 Unknown division for the path division %s",
    async (company) => {
      const user = await createUser(admin, { companies: ["TSS", "NLH"] });
      const result = await admin.delete(`/api/admin/users/${user.id}/company-access/${company}`);
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ message: "Unknown division" });
      expect(companiesOf((await findUser(user.id))!)).toEqual(["NLH", "TSS"]);
    },
  );

  it("checks the path division before the role and the record (CONTRACT.md's order)", async () => {
    const { user, client } = await signedInUser(admin);
    const sales = await client.delete(`/api/admin/users/${user.id}/company-access/XYZ`);
    expect(sales.status).toBe(400);
    expect(sales.body).toEqual({ message: "Unknown division" });
    const unknownUser = await admin.delete(`/api/admin/users/${missingId()}/company-access/XYZ`);
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body).toEqual({ message: "Unknown division" });
  });

  it("answers 404 for an unknown or malformed user id", async () => {
    for (const id of [missingId(), "not-a-uuid"]) {
      const result = await admin.delete(`/api/admin/users/${id}/company-access/TSS`);
      expect(result.status).toBe(404);
      expect(result.body).toEqual(NOT_FOUND);
    }
  });
});

describe("/api/admin/users/{id}/password", () => {
  it("POST answers 409 for a user who already has a password, and changes nothing", async () => {
    const user = await createUser(admin);
    const result = await admin.post(`/api/admin/users/${user.id}/password`, {
      password: "another-password-1",
    });
    expectConflict(result);
    expect((await attemptSignIn({ username: user.email, password: user.password })).status).toBe(200);
    expect((await attemptSignIn({ username: user.email, password: "another-password-1" })).status).toBe(401);
  });

  it("POST validates the password before the conflict (400)", async () => {
    const user = await createUser(admin);
    for (const body of [{ password: "short" }, {}]) {
      const result = await admin.post(`/api/admin/users/${user.id}/password`, body);
      expectInvalidInput(result, ["password"]);
      expect(result.body.errors.password).toContain(PASSWORD_MESSAGE);
    }
  });

  it("PATCH changes the password (200) and ends the user's open sessions, not the admin's", async () => {
    const user = await createUser(admin);
    const first = await signIn(user.email, user.password);
    const second = await signIn(user.email, user.password);

    const result = await admin.patch(`/api/admin/users/${user.id}/password`, {
      newPassword: "brand-new-pass",
    });
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(USER_KEYS);
    expect(result.body).toMatchObject({ id: user.id, hasPassword: true, isActive: true });

    for (const client of [first, second]) {
      const me = await client.get("/api/auth/user");
      expect(me.status).toBe(401);
      expect(me.body).toEqual(UNAUTHORIZED);
    }
    expect((await admin.get("/api/auth/user")).status).toBe(200);

    const old = await attemptSignIn({ username: user.email, password: user.password });
    expect(old.status).toBe(401);
    expect(old.body).toEqual(SIGN_IN_REFUSED);
    const fresh = await attemptSignIn({ username: user.email, password: "brand-new-pass" });
    expect(fresh.status).toBe(200);
  });

  it("PATCH of an admin's own password keeps the acting session and ends their others", async () => {
    const other = await createUser(admin, { role: "ADMIN" });
    const acting = await signIn(other.email, other.password);
    const elsewhere = await signIn(other.email, other.password);

    const result = await acting.patch(`/api/admin/users/${other.id}/password`, {
      newPassword: "my-own-new-pass",
    });
    expect(result.status).toBe(200);
    expect((await acting.get("/api/auth/user")).status).toBe(200);
    expect((await acting.get("/api/admin/users")).status).toBe(200);
    expect((await elsewhere.get("/api/auth/user")).status).toBe(401);
  });

  it.each([[{ newPassword: "short" }], [{ newPassword: "" }], [{}], [{ password: "long-enough-1" }]])(
    "PATCH answers 400 with errors.newPassword for %j",
    async (body) => {
      const user = await createUser(admin);
      const session = await signIn(user.email, user.password);
      const result = await admin.patch(`/api/admin/users/${user.id}/password`, body);
      expectInvalidInput(result, ["newPassword"]);
      expect(result.body.errors.newPassword).toContain(PASSWORD_MESSAGE);
      // Nothing happened: the password and the session are as they were.
      expect((await session.get("/api/auth/user")).status).toBe(200);
      expect((await attemptSignIn({ username: user.email, password: user.password })).status).toBe(200);
    },
  );

  it("answers 404 for an unknown or malformed user id", async () => {
    for (const id of [missingId(), "not-a-uuid"]) {
      const patch = await admin.patch(`/api/admin/users/${id}/password`, { newPassword: "long-enough-1" });
      expect(patch.status).toBe(404);
      expect(patch.body).toEqual(NOT_FOUND);
      const post = await admin.post(`/api/admin/users/${id}/password`, { password: "long-enough-1" });
      expect(post.status).toBe(404);
      expect(post.body).toEqual(NOT_FOUND);
    }
  });
});

describe("PATCH /api/admin/users/{id}/status", () => {
  it("deactivates (200): the open session gets 401 at once and sign-in is refused; reactivation restores sign-in", async () => {
    const { user, client } = await signedInUser(admin);
    expect((await client.get("/api/auth/user")).status).toBe(200);

    const off = await admin.patch(`/api/admin/users/${user.id}/status`, { isActive: false });
    expect(off.status).toBe(200);
    expect(Object.keys(off.body).sort()).toEqual(USER_KEYS);
    expect(off.body).toMatchObject({ id: user.id, isActive: false });

    const next = await client.get("/api/auth/user");
    expect(next.status).toBe(401);
    expect(next.body).toEqual(UNAUTHORIZED);
    const refused = await attemptSignIn({ username: user.email, password: user.password });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(SIGN_IN_REFUSED);
    expect((await findUser(user.id))?.isActive).toBe(false);

    const on = await admin.patch(`/api/admin/users/${user.id}/status`, { isActive: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: user.id, isActive: true });
    const back = await attemptSignIn({ username: user.email, password: user.password });
    expect(back.status).toBe(200);
    expect(back.body.isActive).toBe(true);
  });

  it("ends an admin's access at once when deactivated", async () => {
    const { user, client } = await signedInUser(admin, { role: "ADMIN" });
    expect((await client.get("/api/admin/users")).status).toBe(200);
    await deactivateUser(admin, user.id);
    const next = await client.get("/api/admin/users");
    expect(next.status).toBe(401);
    expect(next.body).toEqual(UNAUTHORIZED);
  });

  it.each([[{ isActive: "false" }], [{ isActive: 0 }], [{ isActive: null }], [{}]])(
    "answers 400 with errors.isActive for %j",
    async (body) => {
      const { user, client } = await signedInUser(admin);
      const result = await admin.patch(`/api/admin/users/${user.id}/status`, body);
      expectInvalidInput(result, ["isActive"]);
      expect((await findUser(user.id))?.isActive).toBe(true);
      expect((await client.get("/api/auth/user")).status).toBe(200);
    },
  );

  it("answers 404 for an unknown or malformed user id", async () => {
    for (const id of [missingId(), "not-a-uuid"]) {
      const result = await admin.patch(`/api/admin/users/${id}/status`, { isActive: false });
      expect(result.status).toBe(404);
      expect(result.body).toEqual(NOT_FOUND);
    }
  });
});

describe("every /api/admin/users endpoint", () => {
  const endpoints = (id: string): [string, string, unknown][] => [
    ["GET", "/api/admin/users", undefined],
    ["POST", "/api/admin/users", newUserInput()],
    ["PATCH", `/api/admin/users/${id}/role`, { role: "ADMIN" }],
    ["POST", `/api/admin/users/${id}/company-access`, { company: "NLH" }],
    ["DELETE", `/api/admin/users/${id}/company-access/TSS`, undefined],
    ["POST", `/api/admin/users/${id}/password`, { password: "long-enough-1" }],
    ["PATCH", `/api/admin/users/${id}/password`, { newPassword: "long-enough-1" }],
    ["PATCH", `/api/admin/users/${id}/status`, { isActive: false }],
  ];

  it("answers 403 Forbidden to a SALES_USER and changes nothing", async () => {
    const target = await createUser(admin, { companies: ["TSS", "NLH"] });
    const { client } = await signedInUser(admin, { companies: ["TSS", "NLH"] });
    for (const [method, path, json] of endpoints(target.id)) {
      const result = await client.request(method, path, { json });
      expect(result.status, `${method} ${path}`).toBe(403);
      expect(result.body).toEqual(FORBIDDEN);
    }
    // Also on the salesperson's own record.
    const me = (await client.get("/api/auth/user")).body as User;
    const self = await client.patch(`/api/admin/users/${me.id}/role`, { role: "ADMIN" });
    expect(self.status).toBe(403);
    expect((await client.get("/api/auth/user")).body.role).toBe("SALES_USER");

    const after = (await findUser(target.id))!;
    expect(after).toMatchObject({ role: "SALES_USER", isActive: true });
    expect(companiesOf(after)).toEqual(["NLH", "TSS"]);
    expect((await attemptSignIn({ username: target.email, password: target.password })).status).toBe(200);
  });

  it("answers 401 Unauthorized without a session, before anything else", async () => {
    const target = await createUser(admin);
    for (const id of [target.id, missingId(), "not-a-uuid"]) {
      for (const [method, path, json] of endpoints(id)) {
        const result = await new ApiClient().request(method, path, { json });
        expect(result.status, `${method} ${path}`).toBe(401);
        expect(result.body).toEqual(UNAUTHORIZED);
      }
    }
    const unknownDivision = await new ApiClient().delete(`/api/admin/users/${target.id}/company-access/XYZ`);
    expect(unknownDivision.status).toBe(401);
    expect((await findUser(target.id))?.isActive).toBe(true);
  });

  it("answers 403 to a SALES_USER before 404 and before validating the input", async () => {
    const { client } = await signedInUser(admin);
    const unknown = await client.patch(`/api/admin/users/${missingId()}/role`, { role: "SUPERUSER" });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual(FORBIDDEN);
    const invalid = await client.post("/api/admin/users", {});
    expect(invalid.status).toBe(403);
    expect(invalid.body).toEqual(FORBIDDEN);
  });
});
