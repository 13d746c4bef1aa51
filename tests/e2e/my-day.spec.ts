// My Day (docs/decisions/028-my-day-and-reminders.md): the signed-in user's open follow-ups grouped Overdue / Today
// / Next 7 days, Mark Complete and Reschedule (plain forms), the lead opened over the page, the count in the
// sidebar and the title, and the bell listing what came due since it was last opened. Each test runs with
// JavaScript on ("js") and off ("no-js"); the user is the test's own, so the counts are theirs alone.
import {
  createLead,
  createNote,
  createUser,
  dialog,
  expect,
  expectAccessible,
  expectNothingWiderThanViewport,
  hydrated,
  pathname,
  section,
  signedInApi,
  signIn,
  test,
  toast,
} from "./fixtures";

test.describe.configure({ timeout: 60_000 });

const DAY = 86_400_000;
/** The day `days` from now on a London clock ("2026-11-30"). */
const londonDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + days * DAY));

test("complete and reschedule from My Day, its count in the sidebar and the title, the lead one click away", async ({
  page,
  crm,
}) => {
  const first = await crm.lead("Olive", "Overdue");
  const second = await crm.lead("Rex", "Moved");
  await createNote(crm.api, {
    leadId: first.id,
    content: "Ring about the slate order",
    followUpDate: `${londonDay(-2)}T10:00:00Z`,
  });
  await createNote(crm.api, {
    leadId: second.id,
    content: "Send the revised quote",
    followUpDate: `${londonDay(-3)}T10:00:00Z`,
  });

  await signIn(page, crm.user, "/my-day", "My Day");
  // (The phone's menu holds a second copy of the sidebar, hidden here.)
  await expect(page.getByRole("link", { name: /^My Day\s*2 due$/ })).toBeVisible();
  await expect(page).toHaveTitle("(2) My Day | CRM");
  const overdue = section(page, "Overdue");
  await expect(overdue.getByTestId("my-day-item")).toHaveCount(2);
  await expectAccessible(page);

  // Mark Complete: gone from My Day, one fewer due.
  const done = overdue.getByTestId("my-day-item").filter({ hasText: "Ring about the slate order" });
  await done.getByRole("button", { name: "Mark Complete" }).click();
  await expect(toast(page, "Follow-up marked as complete")).toBeVisible();
  await expect(overdue.getByTestId("my-day-item")).toHaveCount(1);
  await expect(page).toHaveTitle("(1) My Day | CRM");
  await hydrated(page);

  // Reschedule to a day and time: it moves to the next seven days, at that time.
  const moved = overdue.getByTestId("my-day-item").filter({ hasText: "Send the revised quote" });
  await moved.getByText("Reschedule").click();
  await moved.getByLabel("Date").fill(londonDay(3));
  await moved.getByLabel("Time").fill("14:30");
  await moved.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Follow-up rescheduled")).toBeVisible();
  await expect(section(page, "Overdue")).toContainText("Nothing overdue");
  const upcoming = section(page, "Next 7 days").getByTestId("my-day-item");
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming).toContainText("14:30");
  await expect(page.getByRole("link", { name: "My Day", exact: true })).toBeVisible();
  await expect(page).toHaveTitle("My Day | CRM");
  await hydrated(page);

  // The lead opens over My Day.
  await upcoming.getByRole("link", { name: `Rex Moved-${crm.token}` }).click();
  await expect(dialog(page, `Rex Moved-${crm.token}`)).toBeVisible();
  expect(pathname(page)).toBe(`/my-day/lead/${second.id}`);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/my-day");
  await expectNothingWiderThanViewport(page);
});

test("the bell lists a follow-up come due, and opening it marks it seen", async ({ page, crm }) => {
  const lead = await crm.lead("Bella", "Bell");
  // Come due after the user was made (their bell starts then).
  await page.waitForTimeout(1000);
  await createNote(crm.api, {
    leadId: lead.id,
    content: "Confirm the site visit",
    followUpDate: new Date(Date.now() - 300).toISOString(),
  });
  await signIn(page, crm.user, "/", "Dashboard");
  await page.getByRole("link", { name: "Reminders: 1 new" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reminders" })).toBeVisible();
  await expect(page.getByTestId("reminder-item")).toContainText("Confirm the site visit");
  await expect(page.getByRole("link", { name: "Reminders", exact: true })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Reminders", exact: true })).toBeVisible();
  // Still due: on the dashboard's My Day.
  await expect(section(page, "Today")).toContainText("Confirm the site visit");
});

test("reminders by e-mail are set on /settings", async ({ page, crm }) => {
  await signIn(page, crm.user, "/settings", "Settings");
  const reminders = section(page, "Reminders");
  await expect(reminders.getByLabel("An e-mail for each follow-up as it comes due")).toBeChecked();
  await reminders.getByLabel("A daily digest e-mail of the day's follow-ups").check();
  await reminders.getByRole("button", { name: "Save Reminders" }).click();
  await expect(toast(page, "Reminder setting saved")).toBeVisible();
  await page.reload();
  await expect(
    section(page, "Reminders").getByLabel("A daily digest e-mail of the day's follow-ups"),
  ).toBeChecked();
});

test("the calendar shows a sales user's own follow-ups, and the team's with Team", async ({
  page,
  crm,
  baseURL,
}) => {
  const day = `${2100 + Math.floor(Math.random() * 800)}-03-${String(2 + Math.floor(Math.random() * 25)).padStart(2, "0")}`;
  const mine = await crm.lead("Mona", "Mine");
  await createNote(crm.api, { leadId: mine.id, content: "Mine to do", followUpDate: `${day}T10:00:00Z` });
  const colleague = await signedInApi(baseURL!, await createUser(baseURL!, { companies: ["TSS"] }));
  const theirs = await createLead(colleague, {
    firstName: "Theo",
    lastName: `Theirs-${crm.token}`,
    email: `theo.${crm.token}@example.com`,
    company: `Slate ${crm.token} Ltd`,
  });
  await createNote(colleague, {
    leadId: theirs.id,
    content: "Theirs to do",
    followUpDate: `${day}T11:00:00Z`,
  });
  await colleague.dispose();

  await signIn(page, crm.user, `/calendar?month=${day.slice(0, 7)}&day=${day}`, "Follow-up Calendar");
  const whose = page.getByRole("navigation", { name: "Whose follow-ups" });
  await expect(whose.getByRole("link", { name: "Mine" })).toHaveAttribute("aria-current", "page");
  const panel = page.getByRole("region", { name: /^Follow-ups on / });
  await expect(panel).toContainText("Mine to do");
  await expect(panel).not.toContainText("Theirs to do");
  await whose.getByRole("link", { name: "Team" }).click();
  await expect(whose.getByRole("link", { name: "Team" })).toHaveAttribute("aria-current", "page");
  await expect(panel).toContainText("Theirs to do");
  await expect(panel).toContainText("10:00");
});
