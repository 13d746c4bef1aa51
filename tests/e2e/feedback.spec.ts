// Every save is seen and something happens at once (issue 30): toasts above an open dialog and announced,
// a progress bar and busy state while a request is slow, and a double tap that sends once.
import {
  dialog,
  expect,
  expectOnTop,
  holdRequests,
  noJs,
  notifications,
  section,
  test,
  toast,
} from "./fixtures";
import { row, signInToLeads as signIn, tab } from "./leads-helpers";

test("a toast stands above the open lead dialog, in a live region, and covers none of its buttons", async ({
  page,
  crm,
}) => {
  const lead = await crm.lead("Grace", "Toast");
  const name = `Grace Toast-${crm.token}`;
  await signIn(page, crm.user, `/leads/${lead.id}?q=${crm.token}`);
  const notes = section(dialog(page, name), "Notes & Comments");
  await notes.getByRole("textbox", { name: "Add a note" }).fill("Seen above the dialog.");
  await notes.getByRole("button", { name: "Add Note" }).click();

  const shown = toast(page, "Note added successfully");
  await expect(shown).toBeVisible();
  await expect(dialog(page, name)).toBeVisible();
  await expectOnTop(page, shown, "the toast");
  // Announced: inside a live region that was on the page before the toast came.
  await expect(notifications(page).locator("[aria-live]").first()).toContainText("Note added successfully");
  // The dialog's actions stay where a finger can reach them.
  const toastBox = (await notifications(page).getByRole("status").boundingBox())!;
  for (const button of await dialog(page, name).getByRole("button").all()) {
    if (await button.evaluate((element) => !!element.closest('[aria-label="Notifications (F8)"]'))) continue;
    const box = await button.boundingBox();
    if (!box) continue;
    const overlaps =
      box.x < toastBox.x + toastBox.width &&
      toastBox.x < box.x + box.width &&
      box.y < toastBox.y + toastBox.height &&
      toastBox.y < box.y + box.height;
    expect(overlaps, `the toast covers ${await button.textContent()}`).toBe(false);
  }
});

test.describe("while a request is slow", () => {
  test.beforeEach(() => test.skip(noJs(), "Without JavaScript the browser shows its own progress."));

  test("a progress bar shows after a moment, the page is busy, and a double tap adds one note", async ({
    page,
    crm,
  }) => {
    const lead = await crm.lead("Patient", "Tapper");
    const name = `Patient Tapper-${crm.token}`;
    await signIn(page, crm.user, `/leads/${lead.id}?q=${crm.token}`);
    const notes = section(dialog(page, name), "Notes & Comments");
    await notes.getByRole("textbox", { name: "Add a note" }).fill("Sent once.");

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    const release = await holdRequests(
      page,
      `**/leads/${lead.id}*`,
      (request) => request.method() === "POST",
    );
    const addNote = notes.getByRole("button", { name: "Add Note" });
    await addNote.click();
    await expect(addNote).toHaveAttribute("aria-busy", "true");
    // A second tap on the form while the first is on its way (its button is disabled by now: the tap is the
    // form's own submit, as a tap that came a moment earlier would be).
    await addNote.evaluate((button: HTMLButtonElement) => button.form!.requestSubmit());
    await expect(page.getByRole("progressbar", { name: "Loading" })).toBeVisible();
    release();

    await expect(toast(page, "Note added successfully")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Loading" })).toHaveCount(0);
    const detail = await crm.api.get(`/api/leads/detail/${lead.id}`);
    const notesStored = ((await detail.json()) as { notes: { content: string }[] }).notes;
    expect(notesStored.filter((note) => note.content === "Sent once.")).toHaveLength(1);
    expect(posts, "the form was sent once").toHaveLength(1);
  });

  test("a page that is slow to come shows the bar and marks the page busy", async ({ page, crm }) => {
    await crm.lead("Slow", "Opener");
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    const release = await holdRequests(page, "**/leads.data*");
    await page.getByRole("link", { name: "Archive (0)" }).click();
    await expect(page.getByRole("progressbar", { name: "Loading" })).toBeVisible();
    await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByRole("progressbar", { name: "Loading" })).toHaveCount(0);
    await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy", "true");
  });
});

test("an archive, of one lead or of several, is undone from its toast", async ({ page, crm }) => {
  await crm.lead("Undo", "One");
  await crm.lead("Undo", "Two");
  const [one, two] = [`Undo One-${crm.token}`, `Undo Two-${crm.token}`];
  await signIn(page, crm.user, `/leads?q=${crm.token}`);

  await row(page, one)
    .getByRole("link", { name: `Archive ${one}` })
    .click();
  await dialog(page, "Archive Lead").getByRole("button", { name: "Archive Lead" }).click();
  await expect(toast(page, "Lead archived successfully")).toBeVisible();
  await expect(tab(page, "Archive")).toHaveText("Archive (1)");
  await notifications(page).getByRole("button", { name: "Undo" }).click();
  await expect(toast(page, "Lead restored successfully")).toBeVisible();
  await expect(tab(page, "Archive")).toHaveText("Archive (0)");
  await expect(row(page, one)).toBeVisible();

  await page.getByRole("checkbox", { name: `Select ${one}` }).check();
  await page.getByRole("checkbox", { name: `Select ${two}` }).check();
  await page.getByRole("button", { name: /^Archive selected/ }).click();
  await dialog(page, "Archive Leads").getByRole("button", { name: "Archive Leads" }).click();
  await expect(toast(page, "2 leads archived.")).toBeVisible();
  await expect(page.getByText("No leads match the current filters.")).toBeVisible();
  await notifications(page).getByRole("button", { name: "Undo" }).click();
  await expect(toast(page, "2 leads restored.")).toBeVisible();
  await expect(row(page, two)).toBeVisible();
  await expect(tab(page, "Active Leads")).toHaveText("Active Leads (2)");
});
