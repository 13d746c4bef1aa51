// Input the database cannot hold: a NUL character in any text, dates outside the years it can show, numbers
// past its integers, redirect targets a Location header cannot carry. Each must get a clear 4xx (or a safe
// redirect), never a 500, and nothing is stored.
import { describe, expect, it } from "vitest";
import { expectInvalidInput } from "../support/answers";
import {
  ApiClient,
  attemptSignIn,
  createUser,
  signInAdmin,
  uniqueAddress,
  uniqueEmail,
} from "../support/api-client";
import { createLead, leadInput, listLeads, readLead, uniqueToken, userWith } from "../support/leads";

const NUL = "\u0000";
const NUL_MESSAGE = "Must not contain a NUL character";

describe("a NUL character", () => {
  it.each(["firstName", "lastName", "phone", "company", "position", "notes"])(
    "in %s of a new lead is 400 naming the field, and nothing is stored",
    async (field) => {
      const { client } = await userWith(["TSS"]);
      const token = uniqueToken("nul");
      const result = await client.post(
        "/api/leads",
        leadInput({ company: `${token} Co`, [field]: `a${NUL}b` }),
      );
      expectInvalidInput(result, [field]);
      expect(result.body.errors[field]).toEqual([NUL_MESSAGE]);
      expect((await listLeads(client, "TSS", { search: token })).total).toBe(0);
    },
  );

  it("in the e-mail of a new lead is 400 naming the field", async () => {
    const { client } = await userWith(["TSS"]);
    expectInvalidInput(await client.post("/api/leads", leadInput({ email: `a${NUL}@b.example` })), ["email"]);
  });

  it.each(["firstName", "lastName", "email", "phone", "company", "position", "notes"])(
    "in %s of an update is 400 naming the field, and the lead is unchanged",
    async (field) => {
      const { client } = await userWith(["TSS"]);
      const lead = await createLead(client);
      const result = await client.patch(`/api/leads/${lead.id}`, { [field]: `x${NUL}` });
      expectInvalidInput(result, [field]);
      expect(await readLead(client, lead.id)).toMatchObject({
        version: lead.version,
        [field]: lead[field as "email"],
      });
    },
  );

  it("in a note's content is 400 naming the field", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const result = await client.post("/api/notes", { leadId: lead.id, content: `Call${NUL}` });
    expectInvalidInput(result, ["content"]);
    expect(result.body.errors.content).toEqual([NUL_MESSAGE]);
  });

  it.each(["firstName", "lastName", "email"])("in a new user's %s is 400 naming the field", async (field) => {
    const admin = await signInAdmin();
    const input = {
      email: uniqueEmail(),
      firstName: "Nul",
      lastName: "Tester",
      password: "password-123",
      role: "SALES_USER",
      companies: ["TSS"],
    };
    const result = await admin.post("/api/admin/users", {
      ...input,
      [field]: `${input[field as "email"]}${NUL}`,
    });
    expectInvalidInput(result, [field]);
    expect((await attemptSignIn({ username: input.email, password: input.password })).status).toBe(401);
  });

  it.each([
    ["/api/leads/TSS?search=a%00b", "search"],
    ["/api/leads/TSS/archived?search=%00", "search"],
    ["/api/leads/TSS/duplicates?email=%00", "email"],
    ["/api/leads/TSS/duplicates?firstName=a%00&lastName=b", "firstName"],
  ])("in the query %s is 400 naming %s", async (path, field) => {
    const { client } = await userWith(["TSS"]);
    expectInvalidInput(await client.get(path), [field]);
  });

  it("in the page's search is dropped: the list renders", async () => {
    const { client } = await userWith(["TSS"]);
    const page = await client.get("/leads?q=%00");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Lead Management");
  });

  it("in a page form comes back as the message at the field, with the form", async () => {
    const { client } = await userWith(["TSS"]);
    const result = await client.postForm("/leads?new=1", {
      intent: "create",
      firstName: `A${NUL}`,
      lastName: "B",
      email: "a@b.example",
      company: "C",
      status: "NEW",
    });
    expect(result.status).toBe(400);
    expect(result.body).toContain(NUL_MESSAGE);
    expect(result.body).toContain("Add New Lead");
  });

  it("in the sign-in username is 400 on the API and a message on the page, never a 500", async () => {
    const api = await attemptSignIn({ username: `a${NUL}@b.example`, password: "whatever-1" });
    expect(api.status).toBe(400);
    expect(api.body).toEqual({ message: "Invalid input", errors: { username: [NUL_MESSAGE] } });

    const page = await new ApiClient().postForm(
      "/login",
      { username: `a${NUL}@b.example`, password: "whatever-1", redirectTo: "/leads" },
      { "x-forwarded-for": uniqueAddress() },
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/leads");
  });
});

describe("values the database cannot hold", () => {
  it.each([
    ["0000-06-01", "year 0"],
    ["0099-06-01T10:00:00Z", "before 1900"],
    ["9999-12-31T23:00:00-05:00", "past 9999 in UTC"],
  ])("a follow-up date %s (%s) is 400 with a clear message", async (followUpDate) => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const result = await client.post("/api/notes", { leadId: lead.id, content: "Later", followUpDate });
    expectInvalidInput(result, ["followUpDate"]);
    expect(result.body.errors.followUpDate).toEqual([
      "Follow-up date must be between the years 1900 and 9999",
    ]);
  });

  it("the last day of 9999 is still a date", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const result = await client.post("/api/notes", {
      leadId: lead.id,
      content: "Far",
      followUpDate: "9999-12-31",
    });
    expect(result.status).toBe(201);
    expect(result.body.followUpDate).toBe("9999-12-31T09:00:00.000Z");
  });

  it("a voice duration of 2^31 seconds is 400; a day is the most", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const voice = (voiceDuration: number) =>
      client.post("/api/notes", { leadId: lead.id, content: "Voice note", noteType: "VOICE", voiceDuration });
    const tooLong = await voice(2 ** 31);
    expectInvalidInput(tooLong, ["voiceDuration"]);
    expect(tooLong.body.errors.voiceDuration).toEqual(["Voice duration must be at most 86400 seconds"]);
    const longest = await voice(86_400);
    expect(longest.status).toBe(201);
    expect(longest.body.voiceDuration).toBe("86400");
  });
});

describe("redirect targets a Location header cannot carry", () => {
  it.each([
    ["/leads?q=\u007f", "/leads?q=%7F"],
    ["/leads?q=caf\u00e9\u4e2d", "/leads?q=caf%C3%A9%E4%B8%AD"],
  ])("signing in with redirectTo %j goes to %s, and the session works", async (redirectTo, location) => {
    const user = await createUser(await signInAdmin());
    const client = new ApiClient();
    const result = await client.postForm(
      "/login",
      { username: user.email, password: user.password, redirectTo },
      { "x-forwarded-for": uniqueAddress() },
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe(location);
    expect((await client.get("/api/auth/user")).body.email).toBe(user.email);
  });

  it("the company switcher's redirectTo is encoded too", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const result = await client.postForm("/division", {
      division: "NLH",
      redirectTo: "/leads?q=\u00ff\u0100",
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/leads?q=%C3%BF%C4%80");
  });
});
