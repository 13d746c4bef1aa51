// Session cookies (issue "Hostile-input tests"): a new cookie at every sign-in, a dead cookie after sign-out
// that writes nothing when replayed, and other users' sessions untouched, even by a forged copy.
import { beforeAll, describe, expect, it } from "vitest";
import { UNAUTHORIZED } from "../support/answers";
import {
  ApiClient,
  createUser,
  signIn,
  signInAdmin,
  signedInUser,
  uniqueAddress,
} from "../support/api-client";
import { rowPrints, tableCounts } from "../support/database";
import { createLead, leadInput, listLeads, readLead, uniqueToken, userWith } from "../support/leads";

let admin: ApiClient;

describe("session cookies", () => {
  beforeAll(async () => {
    admin = await signInAdmin();
  });

  it("the login form issues a new cookie to a browser that has one, and the old one stops working", async () => {
    const user = await createUser(admin);
    const client = await signIn(user.email, user.password);
    const old = client.cookie!;
    const result = await client.postForm(
      "/login",
      { username: user.email, password: user.password, redirectTo: "/" },
      { "x-forwarded-for": uniqueAddress() },
    );
    expect(result.status).toBe(302);
    expect(client.cookie).toMatch(/^__session=.+/);
    expect(client.cookie).not.toBe(old);
    expect((await client.get("/api/auth/user")).body.id).toBe(user.id);
    const replayed = await new ApiClient(old).get("/api/auth/user");
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual(UNAUTHORIZED);
  });

  it("signing in as someone else from a signed-in browser gives a new cookie for the new user only", async () => {
    const first = await createUser(admin);
    const second = await createUser(admin);
    const client = await signIn(first.email, first.password);
    const old = client.cookie!;
    const result = await client.post("/api/auth/login", {
      username: second.email,
      password: second.password,
    });
    expect(result.status).toBe(200);
    expect(client.cookie).not.toBe(old);
    expect((await client.get("/api/auth/user")).body.id).toBe(second.id);
    expect((await new ApiClient(old).get("/api/auth/user")).status).toBe(401);
  });

  it("a cookie replayed after /api/logout is refused everywhere, and writes nothing", async () => {
    const { user, client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const cookie = client.cookie!;
    expect((await client.post("/api/logout")).status).toBe(302);
    const replay = new ApiClient(cookie);
    const me = await replay.get("/api/auth/user");
    expect(me.status).toBe(401);
    expect(me.body).toEqual(UNAUTHORIZED);
    const before = { counts: await tableCounts(), rows: await rowPrints([user.id, lead.id]) };
    const token = uniqueToken("replay");
    for (const [method, path, json] of [
      ["POST", "/api/leads", leadInput({ company: `Replay ${token}` })],
      ["PATCH", `/api/leads/${lead.id}`, { firstName: "Replayed" }],
      ["DELETE", `/api/leads/${lead.id}`, undefined],
      ["POST", "/api/notes", { leadId: lead.id, content: "Replayed" }],
      ["GET", "/api/leads/TSS", undefined],
    ] as const) {
      const result = await replay.request(method, path, { json });
      expect(result.status, `${method} ${path}`).toBe(401);
      expect(result.body).toEqual(UNAUTHORIZED);
    }
    // The session is not revived by using it, and the sign-out stays done.
    expect((await replay.get("/api/auth/user")).status).toBe(401);
    expect({ counts: await tableCounts(), rows: await rowPrints([user.id, lead.id]) }).toEqual(before);
    const admin2 = await signInAdmin();
    expect((await listLeads(admin2, "TSS", { search: token })).total).toBe(0);
    expect((await readLead(admin2, lead.id)).firstName).toBe(lead.firstName);
  });

  it("one user's sign-out leaves another user's session working, even when sent with a forged copy of it", async () => {
    const alice = await signedInUser(admin);
    const bob = await signedInUser(admin);
    expect((await alice.client.post("/api/logout")).status).toBe(302);
    expect((await new ApiClient(alice.client.cookie).get("/api/auth/user")).status).toBe(401);
    const bobMe = await bob.client.get("/api/auth/user");
    expect(bobMe.status).toBe(200);
    expect(bobMe.body.id).toBe(bob.user.id);

    // A sign-out carrying Bob's session token without its signature, or with Alice's, ends nothing.
    const [, value] = bob.client.cookie!.split(/=(.*)/s);
    const decoded = decodeURIComponent(value);
    const payload = decoded.slice(0, decoded.lastIndexOf("."));
    for (const forged of [payload, `${payload}.forged`, `${payload}.${payload}`]) {
      const result = await new ApiClient(`__session=${encodeURIComponent(forged)}`).post("/api/logout");
      expect(result.status).toBeLessThan(500);
    }
    expect((await bob.client.get("/api/auth/user")).body.id).toBe(bob.user.id);
  });
});
