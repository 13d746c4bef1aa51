// A lead's timeline (issue 31 item 3; docs/decisions/029-lead-timeline.md): read it, filter it by kind, page
// it, and log a call with its outcome from the Quick Actions, with JavaScript on and off and on a phone.
import {
  createNote,
  dialog,
  expect,
  expectAccessible,
  expectNothingWiderThanViewport,
  hydrated,
  noJs,
  params,
  section,
  test,
  toast,
} from "./fixtures";
import { signInToLeads as signIn } from "./leads-helpers";

test.describe.configure({ timeout: 60_000 });

test("reads a lead's timeline, logs a call with its outcome and filters to calls", async ({ page, crm }) => {
  const lead = await crm.lead("Ada", "Lovelace", { phone: "+44 20 7946 0000" });
  const name = `Ada Lovelace-${crm.token}`;
  await createNote(crm.api, { leadId: lead.id, content: "Asked about slate samples" });
  expect((await crm.api.patch(`/api/leads/${lead.id}`, { data: { status: "CONTACTED" } })).status()).toBe(
    200,
  );

  await signIn(page, crm.user, `/leads/${lead.id}`);
  const detail = dialog(page, name);
  const timeline = section(detail, "Timeline");
  const entries = timeline.getByRole("list", { name: "Timeline entries" }).getByRole("listitem");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText("Status: Contacted");
  await expect(entries.nth(0)).toContainText("Status changed from New to Contacted");
  await expect(entries.nth(0)).toContainText("Erin Tester ·");
  await expect(entries.nth(1)).toContainText("Asked about slate samples");
  await expect(entries.nth(2)).toContainText("Lead created");

  const quick = section(detail, "Quick Actions");
  if (noJs()) {
    await quick.getByRole("link", { name: "Log call" }).click();
  } else {
    // Calling opens the form to log the call (the tel: link itself is the phone's to follow).
    await quick.getByRole("link", { name: "Call Contact" }).click();
  }
  await expect(page).toHaveURL(/[?&]log=call/);
  const form = quick.getByRole("form", { name: "Log call" });
  await hydrated(page);
  await form.getByRole("radio", { name: "Left voicemail" }).check();
  await form.getByLabel("Notes (optional)").fill("Back on Monday");
  await form.getByRole("button", { name: "Log call" }).click();
  await expect(toast(page, "Call logged")).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText("Call: Left voicemail");
  await expect(entries.nth(0)).toContainText("Back on Monday");
  await expectAccessible(page);

  await timeline.getByRole("link", { name: "Calls" }).click();
  await expect(timeline.getByRole("link", { name: "Calls" })).toHaveAttribute("aria-current", "true");
  expect(params(page)).toEqual({ timeline: "call" });
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Call: Left voicemail");
});

test("pages older entries and fits a 375 px phone", async ({ page, crm }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const lead = await crm.lead("Grace", "Hopper");
  const name = `Grace Hopper-${crm.token}`;
  for (let n = 1; n <= 21; n++) await createNote(crm.api, { leadId: lead.id, content: `Note number ${n}` });

  await signIn(page, crm.user, `/leads/${lead.id}`);
  const timeline = section(dialog(page, name), "Timeline");
  const entries = timeline.getByRole("list", { name: "Timeline entries" }).getByRole("listitem");
  await expect(entries).toHaveCount(20);
  await expect(entries.first()).toContainText("Note number 21");
  await expectNothingWiderThanViewport(page);

  await timeline.getByRole("link", { name: "Older" }).click();
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("Note number 1");
  await expect(entries.nth(1)).toContainText("Lead created");
  await expect(timeline.getByRole("link", { name: "Older" })).toHaveCount(0);
  await timeline.getByRole("link", { name: "Newest" }).click();
  await expect(entries.first()).toContainText("Note number 21");
});
