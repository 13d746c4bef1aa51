import { describe, expect, it } from "vitest";
import { isRefusal } from "~/utils/errors";
import type { Actor, SessionUser } from "./actor.server";
import {
  changeRole,
  createUser,
  grantCompanyAccess,
  listAssignableUsers,
  listUsers,
  requireUserRecord,
  revokeCompanyAccess,
  setPassword,
  setUserStatus,
} from "./user.server";

function actor(role: SessionUser["role"], companies: ("TSS" | "NLH")[] = ["TSS"]): Actor {
  return {
    user: {
      id: crypto.randomUUID(),
      email: "someone@example.com",
      firstName: "Some",
      lastName: "One",
      role,
      companyAccess: companies.map((company) => ({ company })),
      isActive: true,
      createdAt: new Date(),
      profileImageUrl: null,
      hasPassword: true,
      selectedDivision: null,
      sessionId: "session",
      tokenId: null,
      tokenScope: null,
    },
    info: { ipAddress: "127.0.0.1", userAgent: "test" },
  };
}

async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isRefusal(error), String(error)).toBe(true);
  return (error as { kind: string }).kind;
}

// The model refuses by itself, before it reaches the database: no route can forget the check.
describe("user administration refuses a non-admin", () => {
  const sales = actor("SALES_USER", ["TSS", "NLH"]);
  const someone = crypto.randomUUID();
  it.each([
    ["listUsers", () => listUsers(sales)],
    ["requireUserRecord", () => requireUserRecord(sales, someone)],
    [
      "createUser",
      () =>
        createUser(sales, {
          email: "x@example.com",
          firstName: "X",
          lastName: "Y",
          password: "password-123",
          role: "ADMIN",
          companies: ["TSS"],
        }),
    ],
    ["changeRole", () => changeRole(sales, someone, "ADMIN")],
    ["grantCompanyAccess", () => grantCompanyAccess(sales, someone, "NLH")],
    ["revokeCompanyAccess", () => revokeCompanyAccess(sales, someone, "TSS")],
    ["setPassword (set)", () => setPassword(sales, someone, "password-123", "set")],
    ["setPassword (change)", () => setPassword(sales, someone, "password-123", "change")],
    ["setUserStatus", () => setUserStatus(sales, someone, false)],
  ])("%s is forbidden", async (_name, call) => {
    expect(await refusal(call())).toBe("forbidden");
  });

  it("listAssignableUsers is only for a division the actor has", async () => {
    expect(await refusal(listAssignableUsers(actor("SALES_USER", ["TSS"]), "NLH"))).toBe("forbidden");
    expect(await refusal(listAssignableUsers(actor("ADMIN", []), "TSS"))).toBe("forbidden");
  });
});
