// Field Notes on /mobile (SPEC.md section 2 "Mobile notes", section 4 "Voice recording", section 5 "Field note",
// section 8 "Field notes"; CONTRACT.md "Voice audio"): a phone-sized page with no shell, the lead search, the
// checks before saving, a text note, and (with JavaScript) a voice note recorded with Chromium's fake microphone,
// stored on the server and played back in the lead's detail by a colleague. Every test runs with JavaScript on
// ("js") and off ("no-js"); the recorder exists only with JavaScript.
import type { Page } from "@playwright/test";
import {
  createUser,
  type Crm,
  dialog,
  expect,
  expectAccessible,
  expectNothingWiderThanViewport,
  expectOnTop,
  holdRequests,
  hydrated,
  noJs,
  PAGE_SCRIPTS,
  params,
  signedInApi,
  signIn,
  test,
  toast,
} from "./fixtures";

// These tests walk through whole flows (several page loads, axe checks): more time than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test.use({ viewport: { width: 375, height: 800 } });

function signInToMobile(page: Page, crm: Crm, path = "/mobile") {
  return signIn(page, crm.user, path, "Field Notes");
}

/** Types into 'Search leads...' and runs the search (without JavaScript the button asks the server). */
async function searchLeads(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search leads" }).fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  if (noJs()) await expect.poll(() => params(page).q).toBe(text);
}

function leadChoices(page: Page) {
  return page.getByRole("group", { name: "Choose a lead" }).getByRole("radio");
}

function noteBox(page: Page) {
  return page.getByRole("textbox", { name: "Note", exact: true });
}

function saveNote(page: Page) {
  return page.getByRole("button", { name: "Save Note" });
}

type NoteDetail = {
  id: string;
  content: string;
  noteType: "TEXT" | "VOICE";
  voiceDuration: string | null;
  hasAudio: boolean;
  createdBy: { firstName: string };
};

async function notesOf(crm: Crm, leadId: string) {
  const response = await crm.api.get(`/api/leads/detail/${leadId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).notes as NoteDetail[];
}

test.describe("field notes", () => {
  test("a phone page without the shell; the search narrows the leads; 'No leads found'", async ({
    page,
    crm,
  }) => {
    await crm.lead("Morwenna", "Quarryman");
    await crm.lead("Tristan", "Mason");
    // One word wider than the phone: the list must cut it, not widen the page.
    await crm.lead("Bartholomew", "Featherstonehaughcholmondeleymarjoribankswolstenholme", {
      company: `Quarrymenandslatersofthewestcountryincorporated ${crm.token}`,
    });
    await signInToMobile(page, crm);
    await expect(page.getByRole("heading", { level: 1, name: "Field Notes" })).toBeVisible();
    // No shell: no logout, no sidebar.
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Mobile Notes" })).toHaveCount(0);
    await expect(page.getByRole("searchbox", { name: "Search leads" })).toHaveAttribute(
      "placeholder",
      "Search leads...",
    );
    await expect(saveNote(page)).toBeVisible();
    if (noJs()) {
      await expect(page.getByText(/^Voice notes need JavaScript/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Record", exact: true })).toHaveCount(0);
    } else {
      await expect(page.getByRole("button", { name: "Record", exact: true })).toBeVisible();
      await expect(page.getByText(/^Voice notes need JavaScript/)).toHaveCount(0);
    }
    await expectNothingWiderThanViewport(page);
    await expectAccessible(page);

    // Both of this test's leads by their company, then one by its name.
    await searchLeads(page, `Slate ${crm.token}`);
    await expect(leadChoices(page)).toHaveCount(2);
    await expect(page.getByRole("radio", { name: `Morwenna Quarryman-${crm.token}` })).toBeVisible();
    await expect(page.getByRole("radio", { name: `Tristan Mason-${crm.token}` })).toBeVisible();
    await searchLeads(page, `Quarryman-${crm.token}`);
    await expect(leadChoices(page)).toHaveCount(1);
    await expect(page.getByRole("radio", { name: `Morwenna Quarryman-${crm.token}` })).toBeVisible();
    // The company is shown under the name.
    await expect(page.getByRole("group", { name: "Choose a lead" })).toContainText(`Slate ${crm.token} Ltd`);

    await searchLeads(page, `nothing-${crm.token}`);
    await expect(page.getByText("No leads found", { exact: true })).toBeVisible();
    await expect(leadChoices(page)).toHaveCount(0);
    await expect(page.getByText("No leads available", { exact: true })).toHaveCount(0);
    await expectNothingWiderThanViewport(page);
  });

  test("Save Note asks for a lead, then for a note; a text note is saved on the lead", async ({
    page,
    crm,
  }) => {
    const lead = await crm.lead("Petroc", "Fieldnote");
    const name = `Petroc Fieldnote-${crm.token}`;
    await signInToMobile(page, crm);
    await searchLeads(page, `Fieldnote-${crm.token}`);
    const radio = page.getByRole("radio", { name });
    await expect(radio).toBeVisible();
    const leads = page.getByRole("group", { name: "Choose a lead" });

    // No lead chosen: the note typed stays.
    await noteBox(page).fill("Typed before choosing a lead.");
    await saveNote(page).click();
    if (noJs()) {
      await expect(leads).toHaveAccessibleDescription("Please select a lead first");
      await expect(leads.getByText("Please select a lead first")).toBeVisible();
    } else {
      await expect(toast(page, "Please select a lead first")).toBeVisible();
      // The toast stands at the top of the screen, clear of Save Note.
      await expectOnTop(page, saveNote(page), "Save Note");
    }
    await expect(noteBox(page)).toHaveValue("Typed before choosing a lead.");

    // A lead, but neither text nor recording (blank text counts as none).
    await radio.check();
    await noteBox(page).fill("   ");
    await saveNote(page).click();
    if (noJs()) {
      await expect(noteBox(page)).toHaveAccessibleDescription("Please add a note or voice recording");
      await expect(leads.getByText("Please select a lead first")).toHaveCount(0);
    } else {
      await expect(toast(page, "Please add a note or voice recording")).toBeVisible();
    }
    // The lead chosen stays chosen.
    await expect(page.getByRole("radio", { name })).toBeChecked();
    await expect(toast(page, "Note saved successfully")).toHaveCount(0);
    expect(await notesOf(crm, lead.id)).toEqual([]);

    // A text note.
    await page.getByRole("radio", { name }).check();
    await noteBox(page).fill("Measured the roof: 120 m² of Welsh slate.");
    await saveNote(page).click();
    await expect(toast(page, "Note saved successfully")).toBeVisible();
    await expect(noteBox(page)).toHaveValue("");
    // The lead stays chosen for the next note, also when the list is searched again.
    await expect(page.getByRole("radio", { name })).toBeChecked();
    const searched = noJs()
      ? null
      : page.waitForResponse((response) => response.url().includes("/api/leads/"));
    await searchLeads(page, `Fieldnote-${crm.token}`);
    await searched;
    await expect(page.getByRole("radio", { name })).toBeChecked();
    if (!noJs()) {
      // A search that no longer finds the chosen lead says so, and keeps it listed, chosen.
      await searchLeads(page, `nothing-${crm.token}`);
      await expect(page.getByText("No leads found", { exact: true })).toBeVisible();
      await expect(page.getByRole("radio", { name })).toBeChecked();
    }

    const notes = await notesOf(crm, lead.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      content: "Measured the roof: 120 m² of Welsh slate.",
      noteType: "TEXT",
      voiceDuration: null,
      hasAudio: false,
      createdBy: { firstName: "Erin" },
    });
  });

  test("a note saved after the session ended says so, and goes to sign in again", async ({ page, crm }) => {
    const lead = await crm.lead("Lapsed", "Session");
    await signInToMobile(page, crm, `/mobile?q=Session-${crm.token}`);
    await hydrated(page);
    await page.getByRole("radio", { name: `Lapsed Session-${crm.token}` }).check();
    await noteBox(page).fill("Written as the session ran out.");
    // The session ends elsewhere (signed out in another tab).
    expect((await page.request.post("/api/logout", { maxRedirects: 0 })).status()).toBe(302);

    await saveNote(page).click();
    if (noJs()) {
      // The form posts, and the page answers with the login screen.
      await expect(page.getByLabel("Username")).toBeVisible();
    } else {
      await expect(toast(page, "Unauthorized")).toBeVisible();
      await expect(toast(page, "You are logged out. Logging in again...")).toBeVisible();
      await expect(toast(page, "Failed to save note")).toHaveCount(0);
      // /api/login, which sends a visitor home to the sign-in screen.
      await expect(page.getByLabel("Username")).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/");
    }
    expect(await notesOf(crm, lead.id)).toEqual([]);
  });

  test("a double tap on Record makes one recording, whose length stays put once stopped", async ({
    page,
    crm,
  }) => {
    test.skip(noJs(), "Recording needs JavaScript (getUserMedia and MediaRecorder in the page)");
    await signInToMobile(page, crm);
    await hydrated(page);
    const recorder = page.getByRole("region", { name: "3. Voice note" });
    const status = recorder.getByText(/^(No recording|Recording… \d+s|Voice note: \d+s)$/);
    // The second tap lands while the browser is still opening the microphone, when Record still shows.
    await recorder.getByRole("button", { name: "Record", exact: true }).dblclick();
    await expect(status).toHaveText(/^Recording… \d+s$/);
    await page.waitForTimeout(1_200);
    await recorder.getByRole("button", { name: "Stop" }).click();
    await expect(status).toHaveText(/^Voice note: [1-9]\d*s$/);
    const stopped = await status.textContent();
    await page.waitForTimeout(1_500);
    await expect(status).toHaveText(stopped!);
  });

  test("a voice note: record, play, discard, re-record, save; a colleague plays it in the lead's detail", async ({
    page,
    crm,
    browser,
    baseURL,
  }) => {
    test.skip(noJs(), "Recording needs JavaScript (getUserMedia and MediaRecorder in the page)");
    const lead = await crm.lead("Kerensa", "Voice");
    const name = `Kerensa Voice-${crm.token}`;
    await signInToMobile(page, crm);
    await searchLeads(page, `Voice-${crm.token}`);
    await page.getByRole("radio", { name }).check();

    const recorder = page.getByRole("region", { name: "3. Voice note" });
    const status = recorder.getByText(/^(No recording|Recording… \d+s|Voice note: \d+s)$/);
    await expect(status).toHaveText("No recording");

    // A first take, played, then discarded.
    await recorder.getByRole("button", { name: "Record", exact: true }).click();
    await expect(status).toHaveText(/^Recording… \d+s$/);
    await expect(saveNote(page)).toBeDisabled();
    await page.waitForTimeout(1_200);
    await recorder.getByRole("button", { name: "Stop" }).click();
    await expect(status).toHaveText(/^Voice note: [1-9]\d*s$/);
    await expect(recorder.getByRole("button", { name: "Record", exact: true })).toHaveCount(0);
    await recorder.getByRole("button", { name: "Play" }).click();
    await expect(recorder.getByRole("button", { name: "Pause" })).toBeVisible();
    await recorder.getByRole("button", { name: "Pause" }).click();
    await expect(recorder.getByRole("button", { name: "Play" })).toBeVisible();
    await expectAccessible(page);
    await recorder.getByRole("button", { name: "Discard" }).click();
    await expect(status).toHaveText("No recording");
    await expect(recorder.getByRole("button", { name: "Play" })).toHaveCount(0);

    // A second take, re-recorded at once: the third is the one saved.
    await recorder.getByRole("button", { name: "Record", exact: true }).click();
    await page.waitForTimeout(1_000);
    await recorder.getByRole("button", { name: "Stop" }).click();
    await expect(status).toHaveText(/^Voice note: \d+s$/);
    // Re-recorded while it plays: the next take starts at Play, not Pause.
    await recorder.getByRole("button", { name: "Play" }).click();
    await expect(recorder.getByRole("button", { name: "Pause" })).toBeVisible();
    await recorder.getByRole("button", { name: "Re-record" }).click();
    await expect(status).toHaveText(/^Recording… \d+s$/);
    // 2.6 s: timed from Record to Stop and rounded, such a take was labelled 3s and played as 0:02.
    await page.waitForTimeout(2_600);
    await recorder.getByRole("button", { name: "Stop" }).click();
    await expect(status).toHaveText(/^Voice note: [1-9]\d*s$/);
    for (const button of ["Play", "Discard", "Re-record"]) {
      await expect(recorder.getByRole("button", { name: button })).toBeVisible();
    }
    const seconds = Number((await status.textContent())!.match(/(\d+)s$/)![1]);
    expect(seconds).toBeGreaterThanOrEqual(2);
    // The label is the length the player counts to: played through (fast, muted), it ends within that second.
    const played = await recorder.getByLabel("Your recording").evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          audio.muted = true;
          audio.playbackRate = 16;
          audio.addEventListener("ended", () => resolve(audio.currentTime), { once: true });
          void audio.play();
        }),
    );
    expect(Math.floor(played)).toBe(seconds);

    // Saved with no text.
    await expect(noteBox(page)).toHaveValue("");
    await saveNote(page).click();
    await expect(toast(page, "Note saved successfully")).toBeVisible();
    await expect(status).toHaveText("No recording");

    const notes = await notesOf(crm, lead.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ content: "Voice note", noteType: "VOICE", hasAudio: true });
    expect(typeof notes[0].voiceDuration).toBe("string");
    expect(notes[0].voiceDuration).toMatch(/^\d+$/);
    expect(Number(notes[0].voiceDuration)).toBe(seconds);
    const src = `/api/notes/${notes[0].id}/audio`;

    // A colleague in the same division hears it in the lead's detail.
    const colleague = await createUser(baseURL!, { firstName: "Cadan", companies: ["TSS"] });
    const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, colleague, `/leads/${lead.id}`, "Lead Management");
      const detail = dialog(otherPage, name);
      await expect(detail).toContainText(`Voice note (${seconds}s)`);
      const audio = detail.getByLabel("Voice note by Erin", { exact: true });
      await expect(audio).toHaveCount(1);
      await expect(audio).toHaveAttribute("src", src);
      const loaded = await audio.evaluate(
        (element: HTMLAudioElement) =>
          new Promise<{ readyState: number; duration: number; error: number | null }>((resolve) => {
            const done = () =>
              resolve({
                readyState: element.readyState,
                duration: element.duration,
                error: element.error?.code ?? null,
              });
            element.addEventListener("loadedmetadata", done, { once: true });
            element.addEventListener("error", done, { once: true });
            setTimeout(done, 10_000);
            element.load();
          }),
      );
      expect(loaded.error).toBeNull();
      expect(loaded.readyState).toBeGreaterThanOrEqual(1);
      expect(loaded.duration).toBeGreaterThan(0);
      const fetched = await otherPage.evaluate(async (url) => {
        const response = await fetch(url);
        return {
          status: response.status,
          type: response.headers.get("content-type"),
          size: (await response.arrayBuffer()).byteLength,
        };
      }, src);
      expect(fetched.status).toBe(200);
      expect(fetched.type).toBe("audio/webm");
      expect(fetched.size).toBeGreaterThan(10);

      // Seekable: a range answers 206 with just those bytes.
      const range = await otherPage.request.get(src, { headers: { Range: "bytes=0-9" } });
      expect(range.status()).toBe(206);
      expect((await range.body()).byteLength).toBe(10);
      expect(range.headers()["content-range"]).toBe(`bytes 0-9/${fetched.size}`);
      expect(range.headers()["content-type"]).toBe("audio/webm");
    } finally {
      await other.close();
    }

    // Someone without access to the division cannot fetch it.
    const outsider = await createUser(baseURL!, { companies: ["NLH"] });
    const outsiderApi = await signedInApi(baseURL!, outsider);
    expect((await outsiderApi.get(src)).status()).toBe(404);
    await outsiderApi.dispose();
  });
});

test.describe("a dead zone", () => {
  test("notes not sent wait on the phone, open again offline, and are each stored once when the connection returns", async ({
    page,
    context,
    crm,
    consoleErrors,
  }) => {
    test.skip(noJs(), "Without JavaScript the form posts to the server; nothing waits on the phone.");
    const lead = await crm.lead("Demelza", "Basement");
    const name = `Demelza Basement-${crm.token}`;
    await signInToMobile(page, crm, `/mobile?q=Basement-${crm.token}`);
    // The page's service worker has kept what the page needs to open without a connection.
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((worker) => !!worker.active))).toBe(
      true,
    );
    const waiting = page.getByRole("region", { name: /^Waiting to send/ });

    // A text note whose answer is lost on the way (the server stored it): it waits, as if never sent.
    await page.route("**/api/notes", async (route) => {
      await route.fetch();
      await route.fulfill({ status: 503, json: { message: "Service unavailable" } });
    });
    await page.getByRole("radio", { name }).check();
    await noteBox(page).fill("Slates counted in the cellar: 340.");
    await saveNote(page).click();
    await expect(toast(page, "Waiting to send")).toBeVisible();
    await expect(noteBox(page)).toHaveValue("");
    await expect(waiting.getByRole("heading")).toHaveText("Waiting to send (1)");
    await page.unroute("**/api/notes");

    // A voice note with no connection at all.
    await context.setOffline(true);
    const recorder = page.getByRole("region", { name: "3. Voice note" });
    const status = recorder.getByText(/^(No recording|Recording… \d+s|Voice note: \d+s)$/);
    await recorder.getByRole("button", { name: "Record", exact: true }).click();
    await expect(status).toHaveText(/^Recording… \d+s$/);
    await page.waitForTimeout(1_500);
    await recorder.getByRole("button", { name: "Stop" }).click();
    await expect(status).toHaveText(/^Voice note: [1-9]\d*s$/);
    const seconds = Number((await status.textContent())!.match(/(\d+)s$/)![1]);
    await saveNote(page).click();
    await expect(status).toHaveText("No recording");
    await expect(waiting.getByRole("heading")).toHaveText("Waiting to send (2)");
    await expect(waiting.getByRole("listitem")).toHaveText([
      new RegExp(`^${name}.*Slates counted in the cellar: 340\\.$`),
      new RegExp(`^${name}.*Voice note \\(${seconds}s\\)$`),
    ]);

    // Reloaded still offline: the worker's copy of the page, with the notes still waiting.
    await page.reload();
    await hydrated(page);
    await expect(page.getByText("No connection: the leads show when it returns.")).toBeVisible();
    await expect(waiting.getByRole("heading")).toHaveText("Waiting to send (2)");
    await expectNothingWiderThanViewport(page);
    await expectAccessible(page);

    // Back online: both are sent, the first with its key again (the server answers what it stored), and
    // the page has its leads again.
    const replayed = page.waitForResponse(
      (response) => response.url().endsWith("/api/notes") && !!response.headers()["idempotent-replayed"],
    );
    await context.setOffline(false);
    await replayed;
    await expect(toast(page, "2 waiting notes were sent.")).toBeVisible();
    await expect(waiting).toHaveCount(0);
    await expect(page.getByRole("radio", { name })).toBeVisible();
    const notes = await notesOf(crm, lead.id);
    expect(notes).toHaveLength(2);
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ content: "Slates counted in the cellar: 340.", noteType: "TEXT" }),
        expect.objectContaining({
          content: "Voice note",
          noteType: "VOICE",
          voiceDuration: String(seconds),
          hasAudio: true,
        }),
      ]),
    );
    // The worker kept the page's offline copy and built files, none of the leads nor any API answer.
    const kept = await page.evaluate(async () => {
      const cache = await caches.open("field-notes");
      const urls = (await cache.keys()).map((request) => new URL(request.url));
      return {
        others: urls.map((url) => url.pathname + url.search).filter((path) => !path.startsWith("/build/")),
        copy: await (await cache.match("/mobile?offline"))!.text(),
      };
    });
    expect(kept.others.sort()).toEqual(["/favicon.ico", "/mobile?offline"]);
    expect(kept.copy).toContain("Field Notes");
    expect(kept.copy).not.toContain(crm.token);
    // Nor the user: the page online names them, for the offline copy to show their notes.
    const userId = await page.evaluate(() => localStorage.getItem("field-notes-user"));
    expect(userId).toMatch(/^[\da-f-]{36}$/);
    expect(kept.copy).not.toContain(userId);

    // Signed out with a note still waiting: offline, the page shows no one's notes, though the note is kept.
    await page.route("**/api/notes", (route) =>
      route.fulfill({ status: 503, json: { message: "Service unavailable" } }),
    );
    await page.getByRole("radio", { name }).check();
    await noteBox(page).fill("Left waiting when signing out.");
    await saveNote(page).click();
    await expect(waiting.getByRole("heading")).toHaveText("Waiting to send (1)");
    // (Routed requests skip the HTTP cache, which the offline page's route manifest comes from.)
    await page.unroute("**/api/notes");
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await context.setOffline(true);
    await page.goto("/mobile");
    await hydrated(page);
    await expect(page.getByText("No connection: the leads show when it returns.")).toBeVisible();
    // Read after the page has read its own: the note is still there, and not shown.
    const stillKept = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open("field-notes");
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction("waiting-notes").objectStore("waiting-notes").getAll();
            all.onsuccess = () => resolve(all.result.length);
          };
        }),
    );
    expect(stillKept).toBe(1);
    await expect(waiting).toHaveCount(0);

    // The browser logs the answers failed on purpose; nothing else may be logged.
    const lostAnswer =
      "Failed to load resource: the server responded with a status of 503 (Service Unavailable)";
    expect(consoleErrors).toContain(lostAnswer);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => error !== lostAnswer));
  });
});

test.describe("a slow phone", () => {
  // The page's own scripts come from the network, where the test holds them, not from its service worker.
  test.use({ serviceWorkers: "block" });

  test("a lead ticked, a note and a search typed before the page's JavaScript ran all count", async ({
    page,
    crm,
  }) => {
    test.skip(noJs(), "Without JavaScript there is nothing to hydrate.");
    const lead = await crm.lead("Early", "Picker");
    await signInToMobile(page, crm, `/mobile?q=Picker-${crm.token}`);
    // The same page again, its scripts held back until the user has picked and typed.
    const release = await holdRequests(page, PAGE_SCRIPTS);
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.getByRole("radio", { name: `Early Picker-${crm.token}` }).check();
    await noteBox(page).fill("Typed while the page was loading.");
    await page.getByRole("searchbox", { name: "Search leads" }).fill(`nothing-${crm.token}`);
    release();
    await hydrated(page);

    await saveNote(page).click();
    await expect(toast(page, "Note saved successfully")).toBeVisible();
    expect(await notesOf(crm, lead.id)).toMatchObject([{ content: "Typed while the page was loading." }]);

    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No leads found", { exact: true })).toBeVisible();
  });
});
