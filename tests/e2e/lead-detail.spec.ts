// The lead detail dialog (SPEC.md section 2): its sections, updates and progress, notes with follow-ups, lost
// updates (CONTRACT.md), and opening a lead by ?leadId=. Every test runs with JavaScript on and off.
import type { Page } from "@playwright/test";
import crypto from "node:crypto";
import {
  archiveLeadViaApi,
  createNote,
  dialog,
  expect,
  expectAccessible,
  expectNothingWiderThanViewport,
  holdRequests,
  hydrated,
  noJs,
  notifications,
  PAGE_SCRIPTS,
  params,
  pathname,
  section,
  test,
  toast,
  visit,
} from "./fixtures";
import { bodyRows, row, signInToLeads as signIn, tab } from "./leads-helpers";

// These tests walk through whole flows (several page loads, axe checks): more time than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test.describe("lead detail dialog", () => {
  test("shows the lead's sections; a status change adds a progress entry and changes the badges", async ({
    page,
    crm,
  }) => {
    const lead = await crm.lead("Isambard", "Brunel", {
      phone: "+44 117 496 0000",
      position: "Chief Engineer",
      estimatedValue: 42000,
    });
    const name = `Isambard Brunel-${crm.token}`;
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    // With JavaScript the row's link opens the dialog in the app, without reloading the document.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await row(page, name)
      .getByRole("link", { name: `View ${name}` })
      .click();
    const detail = dialog(page, name);
    await expect(detail.getByRole("heading", { name, exact: true })).toBeVisible();
    const stayed = await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
    expect(stayed).toBe(test.info().project.name === "js");
    // The detail is a route of its own over the list, which keeps its search.
    expect(pathname(page)).toBe(`/leads/${lead.id}`);
    expect(params(page)).toEqual({ q: crm.token });

    const contact = section(detail, "Contact Information");
    await expect(contact).toContainText("Chief Engineer");
    await expect(contact).toContainText(`Slate ${crm.token} Ltd`);
    await expect(contact.getByRole("link", { name: lead.email })).toHaveAttribute(
      "href",
      `mailto:${lead.email}`,
    );
    await expect(contact).toContainText("£42,000.00");
    await expect(contact.getByText("New", { exact: true })).toBeVisible();

    const quick = section(detail, "Quick Actions");
    await expect(quick.getByRole("link", { name: "Call Contact" })).toHaveAttribute(
      "href",
      "tel:+441174960000",
    );
    await expect(quick.getByRole("link", { name: "Send Email" })).toHaveAttribute(
      "href",
      `mailto:${lead.email}`,
    );

    const info = section(detail, "Lead Information");
    await expect(info).toContainText(`Lead ID${lead.id.slice(-8)}`);
    await expect(info).toContainText("Created byErin Tester");
    await expect(info).toContainText("Assigned toUnassigned");

    const schedule = section(detail, "Schedule Follow-up");
    await expect(schedule.getByRole("link", { name: "Schedule Follow Up" })).toHaveAttribute(
      "href",
      `/calendar?${new URLSearchParams({ leadId: lead.id, leadName: name })}`,
    );

    const progress = section(detail, "Lead Progress").getByRole("listitem");
    await expect(progress).toHaveCount(1);
    await expect(progress.first()).toContainText("New");
    await expectAccessible(page);

    const form = section(detail, "Update Lead");
    await expect(form.getByLabel("First Name", { exact: true })).toHaveValue("Isambard");
    await expect(form.getByLabel("Estimated Value (£)")).toHaveValue("42000.00");
    await form.getByLabel("Status", { exact: true }).selectOption({ label: "Qualified" });
    await form.getByRole("button", { name: "Update Lead" }).click();

    await expect(toast(page, "Lead updated successfully")).toBeVisible();
    await expect(progress).toHaveCount(2);
    await expect(progress.nth(0)).toContainText("New");
    await expect(progress.nth(1)).toContainText("Qualified");
    await expect(contact.getByText("Qualified", { exact: true })).toBeVisible();
    await expect(contact.getByText("New", { exact: true })).toHaveCount(0);
    await expect(info).toContainText("StatusQualified");
    await expect(form.getByLabel("Status", { exact: true })).toHaveValue("QUALIFIED");
    // The other fields were kept.
    await expect(contact).toContainText("£42,000.00");
    await expect(contact).toContainText("Chief Engineer");

    // Saving without a change of status adds no progress entry.
    await form.getByLabel("Position", { exact: true }).fill("Director");
    await form.getByRole("button", { name: "Update Lead" }).click();
    await expect(contact).toContainText("Director");
    await expect(progress).toHaveCount(2);

    await detail.getByRole("link", { name: "Close" }).click();
    await expect(detail).toHaveCount(0);
    await expect(row(page, name)).toContainText("Qualified");
    await expect(page).toHaveURL(`/leads?q=${crm.token}`);
  });

  test("the update form checks its fields like the add form", async ({ page, crm }) => {
    const lead = await crm.lead("Mary", "Anning");
    const name = `Mary Anning-${crm.token}`;
    await signIn(page, crm.user, `/leads/${lead.id}?q=${crm.token}`);
    const form = section(dialog(page, name), "Update Lead");
    await form.getByLabel("First Name", { exact: true }).fill("");
    await form.getByLabel("Email", { exact: true }).fill("mary-at-example");
    await form.getByLabel("Email", { exact: true }).press("Tab");
    await form.getByRole("button", { name: "Update Lead" }).click();
    await expect(form.getByLabel("First Name", { exact: true })).toHaveAccessibleDescription(
      "First name is required",
    );
    await expect(form.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(
      "Valid email is required",
    );
    await expect(toast(page, "Lead updated successfully")).toHaveCount(0);
    // Nothing was saved.
    await visit(page, `/leads?q=${crm.token}`);
    await expect(row(page, name)).toContainText(lead.email);
  });

  test("a note, a follow-up at a time of one's own, then Mark Complete", async ({ page, crm }) => {
    const lead = await crm.lead("Josiah", "Wedgwood");
    await createNote(crm.api, { leadId: lead.id, content: "First call went well." });
    const name = `Josiah Wedgwood-${crm.token}`;
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    await row(page, name)
      .getByRole("link", { name: `View ${name}` })
      .click();
    const notes = section(dialog(page, name), "Notes & Comments");
    await expect(notes.getByRole("listitem")).toHaveCount(1);
    await expect(notes.getByRole("listitem")).toContainText("First call went well.");
    await expect(notes.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);

    const text = notes.getByRole("textbox", { name: "Add a note" });
    const addNote = notes.getByRole("button", { name: "Add Note" });
    if (noJs()) {
      // Without JavaScript the button cannot follow the text; the server refuses a blank note.
      await text.fill("   ");
      await addNote.click();
      await expect(text).toHaveAccessibleDescription("Note cannot be empty");
      await expect(notes.getByText("First call went well.")).toBeVisible();
    } else {
      await expect(addNote).toBeDisabled();
      await text.fill("   ");
      await expect(addNote).toBeDisabled();
    }
    await text.fill("Called the office.");
    await expect(addNote).toBeEnabled();
    await addNote.click();
    await expect(toast(page, "Note added successfully")).toBeVisible();
    const items = notes.getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(text).toHaveValue("");
    await hydrated(page);

    // A follow-up is scheduled in one place, with its day and its time on the reader's clock (London).
    const schedule = section(dialog(page, name), "Schedule Follow-up");
    await schedule.getByLabel("Quick follow-up note").fill("Send the quarry samples.");
    await schedule.getByLabel("Follow-up date").fill("2030-07-14");
    await expect(schedule.getByLabel("Time")).toHaveValue("09:00");
    await schedule.getByLabel("Time").fill("14:30");
    await schedule.getByRole("button", { name: "Add Follow-up" }).click();
    await expect(toast(page, "Follow-up scheduled successfully")).toBeVisible();
    await expect(items).toHaveCount(3);
    // Newest first, with its author and follow-up.
    await expect(items.first()).toContainText("Send the quarry samples.");
    await expect(items.first()).toContainText("Erin");
    await expect(items.first()).toContainText("Follow-up 14 Jul 2030, 14:30");
    await expect(items.nth(2)).toContainText("First call went well.");
    const complete = notes.getByRole("button", { name: "Mark Complete" });
    await expect(complete).toHaveCount(1);
    await expectAccessible(page);

    await complete.click();
    await expect(toast(page, "Follow-up marked as complete")).toBeVisible();
    await expect(notes.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);
    await expect(items.first()).toContainText("Complete");
    await expect(items.first()).toContainText("Send the quarry samples.");
  });

  test("a note typed before the page's JavaScript ran can be added once it has", async ({ page, crm }) => {
    test.skip(noJs(), "Without JavaScript the button does not wait for the text.");
    const lead = await crm.lead("Early", "Typist");
    const name = `Early Typist-${crm.token}`;
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    const release = await holdRequests(page, PAGE_SCRIPTS);
    await page.goto(`/leads/${lead.id}?q=${crm.token}`, { waitUntil: "domcontentloaded" });
    const notes = section(dialog(page, name), "Notes & Comments");
    await notes.getByRole("textbox", { name: "Add a note" }).fill("Typed on a slow phone.");
    release();
    await hydrated(page);
    const addNote = notes.getByRole("button", { name: "Add Note" });
    await expect(addNote).toBeEnabled();
    await addNote.click();
    await expect(toast(page, "Note added successfully")).toBeVisible();
    await expect(notes.getByRole("listitem").first()).toContainText("Typed on a slow phone.");
  });

  test("a save on a stale copy is refused and the first save stays", async ({
    page,
    crm,
    browser,
    baseURL,
  }) => {
    const lead = await crm.lead("Ada", "Stale", { position: "Analyst" });
    const name = `Ada Stale-${crm.token}`;
    const path = `/leads/${lead.id}?q=${crm.token}`;
    await signIn(page, crm.user, path);
    const other = await browser.newContext({ baseURL, javaScriptEnabled: !noJs() });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, crm.user, path);
      const first = section(dialog(page, name), "Update Lead");
      const second = section(dialog(otherPage, name), "Update Lead");
      await expect(first.getByLabel("Position", { exact: true })).toHaveValue("Analyst");
      await expect(second.getByLabel("Position", { exact: true })).toHaveValue("Analyst");

      await first.getByLabel("Position", { exact: true }).fill("Director A");
      await first.getByRole("button", { name: "Update Lead" }).click();
      await expect(toast(page, "Lead updated successfully")).toBeVisible();

      await second.getByLabel("Position", { exact: true }).fill("Director B");
      await second.getByRole("button", { name: "Update Lead" }).click();
      await expect(
        dialog(otherPage, name).getByText("This lead was changed by someone else. Reload and try again."),
      ).toBeVisible();
      await expect(toast(otherPage, "Lead updated successfully")).toHaveCount(0);

      // The first save stays, for both.
      await visit(otherPage, path);
      await expect(section(dialog(otherPage, name), "Contact Information")).toContainText("Director A");
      await expect(
        section(dialog(otherPage, name), "Update Lead").getByLabel("Position", { exact: true }),
      ).toHaveValue("Director A");
      const detail = await crm.api.get(`/api/leads/detail/${lead.id}`);
      expect((await detail.json()).position).toBe("Director A");

      // After the reload the save goes through.
      await section(dialog(otherPage, name), "Update Lead")
        .getByLabel("Position", { exact: true })
        .fill("Director B");
      await section(dialog(otherPage, name), "Update Lead")
        .getByRole("button", { name: "Update Lead" })
        .click();
      await expect(toast(otherPage, "Lead updated successfully")).toBeVisible();
      await expect(section(dialog(otherPage, name), "Contact Information")).toContainText("Director B");
    } finally {
      await other.close();
    }
  });
});

test.describe("opening a lead by ?leadId=", () => {
  test("opens the dialog with the search set to its company; archived ones in the Archive tab; edit=true", async ({
    page,
    crm,
  }) => {
    const active = await crm.lead("Henry", "Royce", { company: `Royce ${crm.token} Motors` });
    const archived = await crm.lead("Charles", "Rolls", { company: `Rolls ${crm.token} Cars` });
    await archiveLeadViaApi(crm.api, archived.id);
    await signIn(page, crm.user);

    await visit(page, `/leads?leadId=${active.id}`);
    const activeDialog = dialog(page, `Henry Royce-${crm.token}`);
    await expect(activeDialog).toBeVisible();
    expect(pathname(page)).toBe(`/leads/${active.id}`);
    expect(params(page)).toEqual({ q: `Royce ${crm.token} Motors` });
    await expect(page.getByRole("searchbox", { name: "Search leads", includeHidden: true })).toHaveValue(
      `Royce ${crm.token} Motors`,
    );
    await expect(section(activeDialog, "Lead Information")).toContainText(active.id.slice(-8));
    await activeDialog.getByRole("link", { name: "Close" }).click();
    await expect(tab(page, "Active Leads")).toHaveAttribute("aria-current", "page");
    await expect(bodyRows(page)).toHaveCount(1);

    await visit(page, `/leads?leadId=${archived.id}`);
    const archivedDialog = dialog(page, `Charles Rolls-${crm.token}`);
    await expect(archivedDialog).toBeVisible();
    expect(pathname(page)).toBe(`/leads/${archived.id}`);
    expect(params(page)).toEqual({ tab: "archive", q: `Rolls ${crm.token} Cars` });
    await expect(section(archivedDialog, "Lead Information")).toContainText("Archived");
    await archivedDialog.getByRole("link", { name: "Close" }).click();
    await expect(tab(page, "Archive")).toHaveAttribute("aria-current", "page");
    await expect(row(page, `Charles Rolls-${crm.token}`)).toBeVisible();

    await visit(page, `/leads?leadId=${active.id}&edit=true`);
    await expect(activeDialog).toBeVisible();
    expect(pathname(page)).toBe(`/leads/${active.id}`);
    expect(params(page)).toEqual({ q: `Royce ${crm.token} Motors`, edit: "true" });
    const firstName = section(activeDialog, "Update Lead").getByLabel("First Name", { exact: true });
    // The field carries autofocus, so the cursor is there with JavaScript or without.
    await expect(firstName).toBeFocused();
    await firstName.fill("Frederick");
    await section(activeDialog, "Update Lead").getByRole("button", { name: "Update Lead" }).click();
    await expect(toast(page, "Lead updated successfully")).toBeVisible();
    await expect(dialog(page, `Frederick Royce-${crm.token}`)).toBeVisible();
  });

  test("an unknown or foreign lead id goes to /leads with 'Could not open lead details.'", async ({
    page,
    crm,
  }) => {
    await signIn(page, crm.user);
    await visit(page, `/leads?leadId=${crypto.randomUUID()}`);
    await expect(page).toHaveURL("/leads");
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("alert")).toContainText(
      "Could not open lead details.",
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await visit(page, "/leads?leadId=not-an-id");
    await expect(page).toHaveURL("/leads");
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("alert")).toContainText(
      "Could not open lead details.",
    );
  });
});

test.describe("the lead detail on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("one tap on the stage bar sets the status, Undo puts it back, a stale tap is refused; the value is edited in place", async ({
    page,
    crm,
  }) => {
    const lead = await crm.lead("Grace", "Hopper", { estimatedValue: 500 });
    const name = `Grace Hopper-${crm.token}`;
    const path = `/leads/${lead.id}?q=${crm.token}`;
    await signIn(page, crm.user, path);
    const detail = dialog(page, name);
    const stages = section(detail, "Status");
    const progress = section(detail, "Lead Progress").getByRole("listitem");

    // A full-screen sheet: the stage bar is on the first screen and nothing is wider than the phone.
    const bar = await stages.boundingBox();
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(800);
    await expectNothingWiderThanViewport(page);
    await expect(stages.locator('[aria-current="step"]')).toHaveText("New");

    // Call Contact is disabled, saying why; Schedule Meeting goes to the dialog's Schedule Follow-up form.
    const quick = section(detail, "Quick Actions");
    const call = quick.getByRole("link", { name: "Call Contact" });
    await expect(call).toHaveAttribute("aria-disabled", "true");
    await expect(call).not.toHaveAttribute("href");
    await expect(call).toHaveAccessibleDescription("No phone number");
    await expect(quick.getByText("No phone number")).toBeVisible();
    await expect(quick.getByRole("link", { name: "Schedule Meeting" })).toHaveAttribute(
      "href",
      `#quick-follow-up-${lead.id}`,
    );
    await expect(
      section(detail, "Lead Information").getByRole("link", { name: `/leads/${lead.id}` }),
    ).toBeVisible();

    await stages.getByRole("button", { name: "Qualified" }).click();
    await expect(toast(page, "Status changed from New to Qualified")).toBeVisible();
    await expect(stages.locator('[aria-current="step"]')).toHaveText("Qualified");
    await expect(progress).toHaveCount(2);
    await expect(progress.nth(1)).toContainText("Status changed from New to Qualified");

    // Undo, in the toast: a form posting the status before, with the version the change made.
    await notifications(page).getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, "Status changed from Qualified to New")).toBeVisible();
    await expect(stages.locator('[aria-current="step"]')).toHaveText("New");
    await expect(progress).toHaveCount(3);
    await expect(progress.nth(2)).toContainText("Status changed from Qualified to New");

    // Someone else moves the lead on: a tap on the copy read before is refused, and the dialog shows the lead now.
    // (Read afresh, as the other user's change is not on screen yet.)
    await visit(page, path);
    const moved = await crm.api.patch(`/api/leads/${lead.id}`, { data: { status: "PROPOSAL" } });
    expect(moved.status()).toBe(200);
    await stages.getByRole("button", { name: "Contacted" }).click();
    await expect(toast(page, "This lead was changed by someone else. Reload and try again.")).toBeVisible();
    await expect(stages.locator('[aria-current="step"]')).toHaveText("Proposal Sent");
    await expect(progress).toHaveCount(4);
    await expect(progress.last()).toContainText("Proposal Sent");

    // The value, edited in place (?field=value, a link: without JavaScript too).
    const contact = section(detail, "Contact Information");
    await contact.getByRole("link", { name: "Edit value" }).click();
    await expect(page).toHaveURL(`${path}&field=value`);
    await contact.getByLabel("Estimated Value (£)").fill("-3");
    await contact.getByRole("button", { name: "Save" }).click();
    await expect(contact.getByLabel("Estimated Value (£)")).toHaveAccessibleDescription(
      "Estimated value must be a number of 0 or more",
    );
    await contact.getByLabel("Estimated Value (£)").fill("1234.5");
    await contact.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Lead updated successfully")).toBeVisible();
    await expect(contact).toContainText("£1,234.50");
    await expect(contact.getByLabel("Estimated Value (£)")).toHaveCount(0);
    expect(params(page)).toEqual({ q: crm.token });
    const stored = await (await crm.api.get(`/api/leads/detail/${lead.id}`)).json();
    expect(stored.estimatedValue).toBe("1234.50");
    expect(stored.status).toBe("PROPOSAL");

    // The contact's phone, added in place: Call Contact now calls it.
    await contact.getByRole("link", { name: "Edit contact" }).click();
    await contact.getByLabel("Phone").fill("+44 20 7946 0000");
    await contact.getByRole("button", { name: "Save" }).click();
    await expect(quick.getByRole("link", { name: "Call Contact" })).toHaveAttribute(
      "href",
      "tel:+442079460000",
    );
    await expect(quick.getByText("No phone number")).toHaveCount(0);
    await expectNothingWiderThanViewport(page);
    await expectAccessible(page);
  });
});

test.describe("closing a lead dialog", () => {
  test("Back closes a lead opened from the list; Escape with a half-typed note asks before discarding", async ({
    page,
    crm,
  }) => {
    test.skip(noJs(), "Without JavaScript Back and the Close link are the browser's own.");
    await crm.lead("Alan", "Turing");
    const name = `Alan Turing-${crm.token}`;
    await signIn(page, crm.user, `/leads?q=${crm.token}`);
    const detail = dialog(page, name);
    const open = () =>
      row(page, name)
        .getByRole("link", { name: `View ${name}` })
        .click();
    const listEntry = await historyIndex(page);

    await open();
    await expect(detail).toBeVisible();
    await page.goBack();
    await expect(detail).toHaveCount(0);
    await expect(page).toHaveURL(`/leads?q=${crm.token}`);
    await expect(row(page, name)).toBeVisible();

    // Without edits Escape closes at once; closing went back, so Forward would reopen it, Back not.
    await open();
    await expect(detail).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(detail).toHaveCount(0);
    await expect(page).toHaveURL(`/leads?q=${crm.token}`);

    await open();
    const note = section(detail, "Notes & Comments").getByRole("textbox", { name: "Add a note" });
    await note.fill("Call back about");
    await page.keyboard.press("Escape");
    const question = page.getByRole("alertdialog", { name: "Discard changes?" });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "Keep editing" }).click();
    await expect(question).toHaveCount(0);
    await expect(note).toHaveValue("Call back about");
    await detail.getByRole("link", { name: "Close" }).click();
    await question.getByRole("button", { name: "Discard" }).click();
    await expect(detail).toHaveCount(0);
    await expect(page).toHaveURL(`/leads?q=${crm.token}`);
    // Each close went back to the list's entry rather than adding one that Back would reopen the dialog from.
    expect(await historyIndex(page)).toBe(listEntry);

    // So does Close after a value edited in place: its link and its save took the dialog's entry.
    await open();
    const contact = section(detail, "Contact Information");
    await contact.getByRole("link", { name: "Edit value" }).click();
    await contact.getByLabel("Estimated Value (£)").fill("500");
    await contact.getByRole("button", { name: "Save" }).click();
    await expect(contact).toContainText("£500.00");
    await detail.getByRole("link", { name: "Close" }).click();
    await expect(detail).toHaveCount(0);
    expect(await historyIndex(page)).toBe(listEntry);
    await page.goBack();
    await expect(page).not.toHaveURL(/\/leads\//);
    await expect(detail).toHaveCount(0);
  });
});

/** The tab's place in its history (Chromium's Navigation API). */
function historyIndex(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { navigation: { currentEntry: { index: number } } }).navigation.currentEntry
        .index,
  );
}
