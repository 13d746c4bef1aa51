// My Day and reminders (docs/decisions/028-my-day-and-reminders.md): GET /api/my-day/{division} shows the caller's
// open follow-ups only (their leads, this division), the bell lists what came due since it was last marked
// seen, and with SMTP_URL set two app instances on one database e-mail each follow-up come due once, and a
// digest once a day. The e-mails go to an SMTP sink the test starts.
import { setTimeout as sleep } from "node:timers/promises";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN } from "../support/answers";
import { ApiClient, createUser, signIn, signInAdmin } from "../support/api-client";
import { createLead, createNote, uniqueToken, userWith } from "../support/leads";
import { freePort } from "../support/tcp-proxy";
import { createDatabase, startTestServer, type TestServer } from "../support/test-server";

type Group = { followUps: { id: string; leadId: string; company: string }[]; total: number };
type MyDay = { overdue: Group; today: Group; upcoming: Group };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A minute into today (UTC): today on a UTC clock at any time of day. */
const todayUtc = () => new Date(Math.floor(Date.now() / DAY) * DAY + MINUTE).toISOString();

async function myDay(client: ApiClient, division = "TSS") {
  const result = await client.get<MyDay>(`/api/my-day/${division}?timeZone=UTC`);
  expect(result.status).toBe(200);
  return result.body;
}
const put = (client: ApiClient, json: unknown) => client.request("PUT", "/api/reminder-setting", { json });
const ids = (group: Group) => group.followUps.map((followUp) => followUp.id);

describe("GET /api/my-day/{division}", () => {
  it("groups the caller's open follow-ups, on leads they created or are assigned, in this division only", async () => {
    const { client: me, user } = await userWith(["TSS", "NLH"]);
    const { client: colleague } = await userWith(["TSS"]);
    const company = uniqueToken("myday");
    const mine = await createLead(me, { company });
    const assigned = await createLead(colleague, { company, assignedToId: user.id });
    const theirs = await createLead(colleague, { company });
    const elsewhere = await createLead(me, { company, companyDivision: "NLH" });
    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

    const overdue = await createNote(me, mine.id, { followUpDate: at(-2) });
    const today = await createNote(me, mine.id, { followUpDate: todayUtc() });
    const soon = await createNote(colleague, assigned.id, { followUpDate: at(3) });
    const later = await createNote(me, mine.id, { followUpDate: at(9) });
    const done = await createNote(me, mine.id, { followUpDate: at(-1) });
    expect((await me.patch(`/api/notes/${done.id}`, { isFollowUpComplete: true })).status).toBe(200);
    const notMine = await createNote(colleague, theirs.id, { followUpDate: at(1) });
    const otherDivision = await createNote(me, elsewhere.id, { followUpDate: at(1) });

    const day = await myDay(me);
    expect(ids(day.overdue)).toEqual([overdue.id]);
    expect(ids(day.today)).toEqual([today.id]);
    expect(ids(day.upcoming)).toEqual([soon.id]);
    expect([day.overdue.total, day.today.total, day.upcoming.total]).toEqual([1, 1, 1]);
    expect(day.upcoming.followUps[0]).toMatchObject({ leadId: assigned.id, company });
    const shown = [...ids(day.overdue), ...ids(day.today), ...ids(day.upcoming)];
    for (const hidden of [later, done, notMine, otherDivision]) expect(shown).not.toContain(hidden.id);
    expect(ids((await myDay(me, "NLH")).upcoming)).toEqual([otherDivision.id]);
    // The colleague's My Day has both leads they created, whoever is assigned.
    expect(ids((await myDay(colleague)).upcoming)).toEqual([notMine.id, soon.id]);

    // Reassigned, the lead's follow-ups follow it; archived, they leave My Day.
    const reassigned = await colleague.patch(`/api/leads/${assigned.id}`, {
      assignedToId: null,
      version: assigned.version,
    });
    expect(reassigned.status).toBe(200);
    expect(ids((await myDay(me)).upcoming)).toEqual([]);
    expect((await me.delete(`/api/leads/${mine.id}`)).status).toBe(200);
    expect((await myDay(me)).overdue.total).toBe(0);
  });

  it("refuses a division outside the caller's access and a zone that is none", async () => {
    const { client } = await userWith(["TSS"]);
    expect(await client.get("/api/my-day/NLH")).toMatchObject({ status: 403, body: FORBIDDEN });
    const bad = await client.get("/api/my-day/TSS?timeZone=Mars/Olympus");
    expect(bad.status).toBe(400);
    expect(bad.body.errors.timeZone).toEqual(["Must be an IANA time zone such as Europe/London"]);
  });
});

describe("the bell and the reminder setting", () => {
  it("lists the follow-ups come due since it was last marked seen", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    // Due before the user existed: not new to them.
    await createNote(client, lead.id, { followUpDate: new Date(Date.now() - DAY).toISOString() });
    await sleep(1100);
    const due = await createNote(client, lead.id, { followUpDate: new Date(Date.now() - 500).toISOString() });
    await createNote(client, lead.id, { followUpDate: new Date(Date.now() + DAY).toISOString() });
    const bell = await client.get("/api/reminders/TSS");
    expect(bell.status).toBe(200);
    expect(bell.body.total).toBe(1);
    expect(bell.body.followUps.map((f: { id: string }) => f.id)).toEqual([due.id]);
    const seen = await client.post("/api/reminders/seen");
    expect(seen.status).toBe(200);
    expect((await client.get("/api/reminders/TSS")).body).toEqual({ followUps: [], total: 0 });
  });

  it("keeps each division's bell: opening one leaves the other's news unseen", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const [here, there] = await Promise.all([
      createLead(client),
      createLead(client, { companyDivision: "NLH" }),
    ]);
    await sleep(1100);
    const soon = () => new Date(Date.now() - 500).toISOString();
    const dueHere = await createNote(client, here.id, { followUpDate: soon(), content: uniqueToken("here") });
    const dueThere = await createNote(client, there.id, { followUpDate: soon() });
    expect((await client.postForm("/division", { division: "TSS", redirectTo: "/" })).status).toBe(302);
    const page = await client.get("/reminders");
    expect(page.status).toBe(200);
    expect(page.body).toContain(dueHere.content);
    expect((await client.get("/api/reminders/TSS")).body.total).toBe(0);
    const other = await client.get("/api/reminders/NLH");
    expect(other.body.followUps.map((f: { id: string }) => f.id)).toEqual([dueThere.id]);
  });

  it("is EACH until changed, and refuses a mode that is none", async () => {
    const { client } = await userWith(["TSS"]);
    expect((await client.get("/api/reminder-setting")).body).toEqual({
      mode: "EACH",
      timeZone: "Europe/London",
    });
    const set = await put(client, { mode: "DIGEST", timeZone: "america/new_york" });
    expect(set).toMatchObject({ status: 200, body: { mode: "DIGEST", timeZone: "America/New_York" } });
    expect((await client.get("/api/reminder-setting")).body.mode).toBe("DIGEST");
    const bad = await put(client, { mode: "SOMETIMES" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.mode).toEqual(["Mode must be EACH, DIGEST or OFF"]);
  });
});

type Mail = { to: string[]; subject: string };

describe.skipIf(!process.env.TEST_DATABASE_URL)("e-mail reminders from two instances", () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let apps: TestServer[] = [];
  let sink: SMTPServer;
  const mails: Mail[] = [];

  beforeAll(async () => {
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let text = "";
        stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        stream.on("end", () => {
          const subject = /^Subject: (.*)$/m.exec(text)?.[1] ?? "";
          mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject });
          callback();
        });
      },
    });
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => sink.listen(smtpPort, "127.0.0.1", resolve));
    database = await createDatabase();
    const env = {
      SESSION_SECRET: `reminders-${Date.now()}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      REMINDER_EVERY_MS: "150",
    };
    const ports = [await freePort(), await freePort()];
    apps = await Promise.all(ports.map((port) => startTestServer(port, { database: database!, env })));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await database?.drop();
    await new Promise<void>((resolve) => (sink ? sink.close(resolve) : resolve()));
  });

  it("e-mail each follow-up come due once, and a digest once", async () => {
    const [first, second] = apps.map((app) => app.baseUrl);
    const admin = await signInAdmin(first);
    const eachUser = await createUser(admin, { companies: ["TSS"] });
    const digestUser = await createUser(admin, { companies: ["TSS"] });
    const each = await signIn(eachUser.email, eachUser.password, {}, first);
    const digest = await signIn(digestUser.email, digestUser.password, {}, second);

    const dueNow = new Date(Date.now() - MINUTE).toISOString();
    const names: string[] = [];
    for (let i = 0; i < 6; i++) {
      const lead = await createLead(each, { lastName: `Due${i}` });
      names.push(`${lead.firstName} ${lead.lastName}`);
      await createNote(each, lead.id, { followUpDate: dueNow });
    }
    const future = await createLead(each, { lastName: "Later" });
    await createNote(each, future.id, { followUpDate: new Date(Date.now() + DAY).toISOString() });
    // Overdue for two days (too old to be e-mailed on its own), then the digest chosen: its first turn sends it.
    const digested = await createLead(digest, { lastName: "Digested" });
    await createNote(digest, digested.id, { followUpDate: new Date(Date.now() - 2 * DAY).toISOString() });
    expect((await put(digest, { mode: "DIGEST" })).status).toBe(200);

    const deadline = Date.now() + 15_000;
    while (mails.length < names.length + 1 && Date.now() < deadline) await sleep(100);
    await sleep(1500); // both instances have turned several times since: room for a second e-mail
    const reminders = mails.filter((mail) => mail.subject.startsWith("Follow-up due: "));
    for (const name of names) {
      expect(reminders.filter((mail) => mail.subject.includes(name))).toHaveLength(1);
    }
    expect(reminders).toHaveLength(names.length);
    for (const mail of reminders) expect(mail.to).toEqual([eachUser.email]);
    const digests = mails.filter((mail) => mail.subject === "Your follow-ups today");
    expect(digests).toEqual([{ to: [digestUser.email], subject: "Your follow-ups today" }]);
  });
});
