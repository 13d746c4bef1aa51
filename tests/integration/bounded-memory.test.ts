// Memory the requests leave behind (docs/scaling.md "Memory"): a page read in the reader's time zone (the `tz`
// cookie) formats with formatters made once a zone and kept in bounded caches, the zone read under its one
// canonical name, so thousands of calendar pages, in one zone or in thousands of spellings of it, leave the
// process about its size. And a write's body is given memory only once its credentials are known to be good
// (docs/security.md "Limits"), so big bodies with a made-up session cookie are refused unread. The app is the test's own, so no other test's requests move its memory, and it
// collects its garbage before each reading: V8 lets the garbage of a thousand pages pile up (150 MB of heap)
// before it collects, and that is not memory kept. Reads /proc: Linux only.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAdmin } from "../support/api-client";
import { freePort } from "../support/tcp-proxy";
import { startTestServer, type TestServer } from "../support/test-server";

const PAGES = 2000;
const WARM_UP_PAGES = 200;
const READERS = 8;
/** Growth allowed for the pages, well above the noise of a warmed-up process (at most 10 MB in the runs). */
const GROWTH_LIMIT_MB = 50;
const ZONE = "Europe/London";

let server: TestServer | undefined;
let session: string;

beforeAll(async () => {
  server = await startTestServer(await freePort(), { garbageCollectable: true });
  session = (await signInAdmin(server.baseUrl)).cookie!;
  // Code compiled, modules loaded, connections open: what is left to see is what the pages leave behind.
  await readCalendars(Array.from({ length: WARM_UP_PAGES }, () => ZONE));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** The app's resident memory in MB once it has collected its garbage. */
async function residentMb() {
  await server!.collectGarbage();
  const status = fs.readFileSync(`/proc/${server!.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) / 1024;
}

/** GET /calendar once in each of `zones` (the `tz` cookie), READERS at a time; each answer must be 200. */
async function readCalendars(zones: string[]) {
  const failures: string[] = [];
  let next = 0;
  const reader = async () => {
    while (next < zones.length) {
      const zone = zones[next++];
      const response = await fetch(`${server!.baseUrl}/calendar`, {
        headers: { cookie: `${session}; tz=${encodeURIComponent(zone)}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) failures.push(`${zone}: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: READERS }, reader));
  expect(failures).toEqual([]);
}

/** `zone` with the case of its letters swapped where `n`'s bits say ("europe/London", "eUROPE/LONDON", ...). */
function spelling(zone: string, n: number) {
  let letter = 0;
  return zone.replace(/[a-z]/gi, (char) => {
    const swap = (n >> letter++) & 1;
    return swap ? (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()) : char;
  });
}

/** How many MB the app's resident memory grew while `work` ran (each reading after a garbage collection). */
async function growthMbDuring(work: () => Promise<void>) {
  const before = await residentMb();
  await work();
  return (await residentMb()) - before;
}

describe("memory under many calendar pages", () => {
  it(`${PAGES} pages in one zone grow the app by under ${GROWTH_LIMIT_MB} MB`, async () => {
    const grown = await growthMbDuring(() => readCalendars(Array.from({ length: PAGES }, () => ZONE)));
    expect(grown).toBeLessThan(GROWTH_LIMIT_MB);
  }, 120_000);

  it(`${PAGES} pages in ${PAGES} spellings of the zone grow the app by under ${GROWTH_LIMIT_MB} MB`, async () => {
    const spellings = Array.from({ length: PAGES }, (_, n) => spelling(ZONE, n + 1));
    expect(new Set(spellings).size).toBe(PAGES);
    const grown = await growthMbDuring(() => readCalendars(spellings));
    expect(grown).toBeLessThan(GROWTH_LIMIT_MB);
  }, 120_000);
});

/** The app's resident memory in MB now, garbage and all. */
function residentNowMb() {
  const status = fs.readFileSync(`/proc/${server!.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) / 1024;
}

describe("memory under big bodies with a made-up session cookie", () => {
  it("60 bodies of 10 MiB at once are each refused (401) at once, and the app's memory stays flat", async () => {
    const body = new Uint8Array(10 * 1024 * 1024);
    const before = await residentMb();
    let peak = before;
    const sampling = setInterval(() => (peak = Math.max(peak, residentNowMb())), 20);
    const answers = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const started = Date.now();
        const response = await fetch(`${server!.baseUrl}/api/notes/${crypto.randomUUID()}/audio`, {
          method: "PUT",
          headers: { cookie: "__session=made-up.not-signed", "content-type": "audio/webm" },
          body,
        });
        await response.arrayBuffer();
        return { status: response.status, ms: Date.now() - started };
      }),
    ).finally(() => clearInterval(sampling));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 401));
    // 60 bodies held would be 600 MB; read and dropped as they come, a few buffers' worth.
    expect(peak - before).toBeLessThan(GROWTH_LIMIT_MB);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(20_000);
  }, 60_000);
});
