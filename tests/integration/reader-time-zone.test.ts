// The reader's time zone, which the browser writes into the `tz` cookie (utils/time-zone.server.ts): a
// follow-up day chosen on a page is 09:00 on the reader's clock, as on the calendar, and a cookie that is not a
// zone is the company's zone, never an error.
import { describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client";
import { createLead, leadDetail, userWith } from "../support/leads";

/** The same user's session, read by the pages in `timeZone` (the cookie's raw value). */
function readingIn(client: ApiClient, timeZone: string) {
  return new ApiClient(`${client.cookie}; tz=${timeZone}`);
}

describe("the reader's time zone", () => {
  it("puts a follow-up day chosen in the lead detail at 09:00 on the reader's clock", async () => {
    const { client } = await userWith(["TSS"]);
    const lead = await createLead(client);
    const cases = [
      { zone: "Pacific/Honolulu", day: "2030-05-10", intent: "add-note", at: "2030-05-10T19:00:00.000Z" },
      { zone: "Europe/London", day: "2030-07-01", intent: "quick-follow-up", at: "2030-07-01T08:00:00.000Z" },
      { zone: "Pacific/Kiritimati", day: "2030-01-15", intent: "add-note", at: "2030-01-14T19:00:00.000Z" },
    ];
    for (const { zone, day, intent } of cases) {
      const result = await readingIn(client, encodeURIComponent(zone)).postForm(`/leads/${lead.id}`, {
        intent,
        content: `Call back ${zone}`,
        followUpDate: day,
      });
      expect(result.status, zone).toBe(302);
    }
    const notes = (await leadDetail(client, lead.id)).notes;
    for (const { zone, at } of cases) {
      expect(notes.find((note) => note.content === `Call back ${zone}`)?.followUpDate, zone).toBe(at);
    }
  });

  it("reads a cookie that is not a zone, malformed escapes included, as the company's zone", async () => {
    const { client } = await userWith(["TSS"]);
    for (const value of ["%E0", "%", "Not%2FA_Zone"]) {
      const reader = readingIn(client, value);
      for (const path of ["/", "/calendar", "/leads"]) {
        expect((await reader.get(path)).status, `${path} tz=${value}`).toBe(200);
      }
      expect((await new ApiClient(`tz=${value}`).get("/login")).status, `/login tz=${value}`).toBe(200);
    }
  });

  it("reads any spelling of a zone, and its other names, as the zone, which the page names canonically", async () => {
    const { client } = await userWith(["TSS"]);
    const cases = [
      { value: "eUROPE/lONDON", zone: "Europe/London" },
      { value: "GB", zone: "Europe/London" },
      { value: "us/eastern", zone: "America/New_York" },
      { value: "Not/A_Zone", zone: "Europe/London" },
    ];
    for (const { value, zone } of cases) {
      const page = await readingIn(client, encodeURIComponent(value)).get("/calendar");
      expect(page.status, value).toBe(200);
      // The root loader's data, which the page's scripts format dates with: ..."timeZone","Europe/London"...
      expect(/timeZone\\*",\\*"([^"\\]+)/.exec(page.body)?.[1], value).toBe(zone);
    }
  });
});
