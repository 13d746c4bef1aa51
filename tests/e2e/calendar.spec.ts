// The Follow-up Calendar (SPEC.md section 2 "Calendar", section 4 "Follow-up", section 5 "Calendar follow-up",
// section 9; CONTRACT.md "Follow-ups"): the month grid and its links, at most two follow-ups a day and '+N more',
// the colours and legend, Today's Follow-ups with Mark Complete, the selected day's panel, Schedule Follow-up
// (picker, note, time, stored in UTC from the user's zone), the lead detail's 'Schedule Follow Up', and a
// follow-up opening its lead. Every test runs with JavaScript on ("js") and off ("no-js").
//
// Other tests' follow-ups may sit on the same calendar (a user sees the whole TSS division, and the database may
// be kept between runs), so these tests look for their own leads by name, and put what they count or look for in
// a day's cell (which shows only two) on a day of their own: a random day of a far year (freshDay).
import type { Locator, Page } from "@playwright/test";
import crypto from "node:crypto";
import {
  createNote,
  dialog,
  expect,
  expectAccessible,
  expectNothingWiderThanViewport,
  hydrated,
  noJs,
  params,
  pathname,
  section,
  signIn,
  test,
  toast,
  type Crm,
} from "./fixtures";

// These tests walk through whole flows (several page loads, axe checks): more time than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A day of `month` that no other test uses, nor an earlier run on a kept database: a random far year (from 2040;
 * or, `past`, 1972 to 2015, when British Summer Time ran as now in May) and a random day from `from` to 27, so
 * that a test can count what a day's cell shows, and its neighbours are in the same month.
 */
function freshDay(month: number, { past = false, from = 2 } = {}) {
  const year = past ? crypto.randomInt(1972, 2016) : crypto.randomInt(2040, 2400);
  return `${year}-${pad(month)}-${pad(crypto.randomInt(from, 28))}`;
}

/** The day `by` days after `day`. */
function addDays(day: string, by: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
}

/** What a clock in London shows at an instant ("11:00"). */
function londonClock(iso: string) {
  return new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/London",
  }).format(new Date(iso));
}

/** "Tuesday 15 July 2031", as the grid's day links and the panels name a day. */
function longDate(day: string) {
  const [year, month, date] = day.split("-").map(Number);
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** The calendar day ("2031-07-15") of an instant in a zone. */
function dayIn(instant: Date, timeZone: string) {
  return new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone,
  }).format(instant);
}

/** "July 2031", the month's title. */
function monthTitle(month: string) {
  const [year, number] = month.split("-").map(Number);
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}

/** The month after `month` ("2031-12" gives "2032-01"). */
function nextMonth(month: string, by = 1) {
  const [year, number] = month.split("-").map(Number);
  return new Date(Date.UTC(year, number - 1 + by, 1)).toISOString().slice(0, 7);
}

/** The UTC instant at which a clock in `timeZone` shows `day` and `time` (not a skipped spring-forward time). */
function wallClockToUtc(day: string, time: string, timeZone: string) {
  const wall = Date.parse(`${day}T${time}:00Z`);
  const wallAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-GB", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date(instant))
        .map((part) => [part.type, Number(part.value)]),
    );
    return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  };
  let guess = wall;
  for (let i = 0; i < 3; i++) guess = wall - (wallAt(guess) - guess);
  return new Date(guess).toISOString();
}

function signInToCalendar(page: Page, crm: Crm, path = "/calendar") {
  return signIn(page, crm.user, path, "Follow-up Calendar");
}

/** The day number in the grid, a link that opens Schedule Follow-up on that day. */
function dayLink(page: Page, day: string) {
  return page.getByRole("link", { name: `Schedule a follow-up on ${longDate(day)}`, exact: true });
}

/** The grid's cell of a day. */
function dayCell(page: Page, day: string) {
  return page.getByRole("cell").filter({ has: dayLink(page, day) });
}

/** A follow-up's link in a day's cell: its time on the user's clock, then its lead ("09:00 Anna Lee"). */
function cellLink(cell: Locator, name: string) {
  return cell.getByRole("link", { name: atSomeTime(name) });
}

/** A follow-up's name in a day's cell, at whatever time. */
function atSomeTime(name: string) {
  return new RegExp(`^\\d\\d:\\d\\d ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

/** The follow-ups a day's cell shows (links to their leads). */
function cellFollowUps(cell: Locator) {
  return cell.getByRole("listitem").getByRole("link");
}

/** The selected day's panel. */
function dayPanel(page: Page, day: string) {
  return section(page, `Follow-ups on ${longDate(day)}`);
}

/** A panel's line for a lead, by its full name. */
function line(panel: Locator, name: string) {
  return panel.getByRole("listitem").filter({ has: panel.page().getByRole("link", { name, exact: true }) });
}

async function completeViaApi(crm: Crm, noteId: string) {
  const response = await crm.api.patch(`/api/notes/${noteId}`, { data: { isFollowUpComplete: true } });
  expect(response.status(), await response.text()).toBe(200);
}

type FollowUp = {
  id: string;
  leadId: string;
  leadName: string;
  content: string;
  followUpDate: string;
  isFollowUpComplete: boolean;
};

/** The lead's follow-ups between two days (GET /api/follow-ups/TSS?from=&to=). */
async function followUpsOf(crm: Crm, leadId: string, from: string, to: string) {
  const response = await crm.api.get(`/api/follow-ups/TSS?${new URLSearchParams({ from, to })}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as FollowUp[]).filter((followUp) => followUp.leadId === leadId);
}

/** Opens the day's Schedule Follow-up dialog from the grid. */
async function openSchedule(page: Page, day: string) {
  await dayLink(page, day).click();
  const schedule = dialog(page, "Schedule Follow-up");
  await expect(schedule).toBeVisible();
  await expect(schedule).toContainText(longDate(day));
  await hydrated(page);
  return schedule;
}

/**
 * Searches the dialog's lead picker: with JavaScript the list follows the typing; without it the search button
 * asks the server, which opens the dialog again with the matches.
 */
async function searchPicker(page: Page, text: string) {
  const schedule = dialog(page, "Schedule Follow-up");
  await schedule.getByRole("searchbox", { name: "Lead" }).fill(text);
  if (noJs()) {
    await schedule.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => params(page).pick).toBe(text);
  }
  return schedule;
}

test.describe("calendar grid", () => {
  test("month title, Sunday to Saturday, Today and the previous and next months; the legend", async ({
    page,
    crm,
  }) => {
    const month = "2031-03";
    await signInToCalendar(page, crm, `/calendar?month=${month}`);
    const grid = page.getByRole("region", { name: "Month" });
    await expect(grid.getByRole("heading", { level: 2 })).toHaveText(monthTitle(month));
    await expect(grid.getByRole("columnheader")).toHaveText([
      "Sun",
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat",
    ]);

    // Whole weeks, Sunday to Saturday, from the week of the 1st to the week of the last day.
    const first = new Date(`${month}-01T00:00:00Z`);
    const start = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
    const weeks = Math.ceil((last.getTime() - start.getTime() + 86_400_000) / (7 * 86_400_000));
    // (The phone's month picker, hidden here, has rows too.)
    const days = grid.getByRole("region", { name: "Days" });
    const rows = days.locator("tbody tr");
    await expect(rows).toHaveCount(weeks);
    for (let week = 0; week < weeks; week++) await expect(rows.nth(week).getByRole("cell")).toHaveCount(7);
    await expect(rows.first().getByRole("cell").first().getByRole("link").first()).toHaveAccessibleName(
      `Schedule a follow-up on ${longDate(start.toISOString().slice(0, 10))}`,
    );
    await expect(rows.first().getByRole("cell").nth(first.getUTCDay())).toContainText("1");
    await expect(dayLink(page, `${month}-31`)).toHaveText("31");

    await expect(page.getByRole("list", { name: "Legend" }).getByRole("listitem")).toHaveText([
      "Completed",
      "Overdue",
      "Due today",
      "Upcoming",
    ]);
    await expectAccessible(page);

    const months = page.getByRole("navigation", { name: "Months" });
    await months.getByRole("link", { name: "Next month" }).click();
    await expect(grid.getByRole("heading", { level: 2 })).toHaveText(monthTitle(nextMonth(month)));
    expect(params(page)).toEqual({ month: nextMonth(month) });

    await months.getByRole("link", { name: "Previous month" }).click();
    await expect(grid.getByRole("heading", { level: 2 })).toHaveText(monthTitle(month));
    await months.getByRole("link", { name: "Previous month" }).click();
    await expect(grid.getByRole("heading", { level: 2 })).toHaveText(monthTitle(nextMonth(month, -1)));
    expect(params(page)).toEqual({ month: nextMonth(month, -1) });

    // Today: this month (in the company's zone, Europe/London here), today marked.
    await months.getByRole("link", { name: "Today" }).click();
    const today = dayIn(new Date(), "Europe/London");
    await expect(grid.getByRole("heading", { level: 2 })).toHaveText(monthTitle(today.slice(0, 7)));
    expect(pathname(page)).toBe("/calendar");
    expect(params(page)).toEqual({});
    const current = days.locator('[aria-current="date"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAccessibleName(`Schedule a follow-up on ${longDate(today)}`);
    await expect(current).toHaveText(String(Number(today.slice(8))));
    // With no day chosen, the panel shows today's follow-ups.
    await expect(dayPanel(page, today)).toBeVisible();
  });

  test("a day shows at most two follow-ups and '+N more'; its panel lists them all", async ({
    page,
    crm,
  }) => {
    const day = freshDay(4);
    const names = [];
    // 09:00, 10:00 and 11:00 in London (BST, UTC+1): the cell shows the two soonest.
    for (const [index, first] of ["Anna", "Bert", "Cara"].entries()) {
      const lead = await crm.lead(first, "Crowded");
      names.push(`${first} Crowded-${crm.token}`);
      await createNote(crm.api, {
        leadId: lead.id,
        content: `Call ${first} about the order`,
        followUpDate: `${day}T${String(8 + index).padStart(2, "0")}:00:00.000Z`,
      });
    }
    await signInToCalendar(page, crm, `/calendar?month=${day.slice(0, 7)}`);
    const cell = dayCell(page, day);
    await expect(cellFollowUps(cell)).toHaveText(names.slice(0, 2).map(atSomeTime));
    await expect(cellFollowUps(cell).first()).toHaveAttribute(
      "title",
      `${names[0]}: Call Anna about the order (Upcoming)`,
    );
    const more = cell.getByRole("link", { name: "+1 more", exact: true });
    await expect(more).toBeVisible();
    // The day before and after stay empty.
    await expect(cellFollowUps(dayCell(page, addDays(day, -1)))).toHaveCount(0);
    await expect(cellFollowUps(dayCell(page, addDays(day, 1)))).toHaveCount(0);

    await more.click();
    const panel = dayPanel(page, day);
    await expect(panel).toBeVisible();
    expect(params(page)).toEqual({ month: day.slice(0, 7), day });
    await expect(dialog(page, "Schedule Follow-up")).toHaveCount(0);
    const items = panel.getByRole("listitem");
    await expect(items).toHaveCount(3);
    for (const [index, name] of names.entries()) {
      await expect(items.nth(index).getByRole("link", { name, exact: true })).toBeVisible();
      await expect(items.nth(index)).toContainText(`${String(9 + index).padStart(2, "0")}:00`);
      await expect(items.nth(index).getByText("Pending", { exact: true })).toBeVisible();
    }
    await expect(items.first()).toContainText("Call Anna about the order");
    // The chosen day is marked in the grid.
    await expect(dayCell(page, day)).toHaveClass(/ring-2/);
  });

  test("a crowded day's panel shows ten follow-ups a page, with its own pager", async ({ page, crm }) => {
    const day = freshDay(6);
    const lead = await crm.lead("Petra", "Paged");
    // 08:00 to 08:11 UTC, one a minute: soonest first, so the second page holds the last two.
    for (let minute = 0; minute < 12; minute++) {
      await createNote(crm.api, {
        leadId: lead.id,
        content: `Call number ${minute + 1}`,
        followUpDate: `${day}T08:${pad(minute)}:00.000Z`,
      });
    }
    await signInToCalendar(page, crm, `/calendar?month=${day.slice(0, 7)}&day=${day}`);
    await expect(dayCell(page, day).getByRole("link", { name: "+10 more", exact: true })).toBeVisible();
    const panel = dayPanel(page, day);
    const items = panel.getByRole("listitem");
    await expect(items).toHaveCount(10);
    await expect(items.first()).toContainText("Call number 1");
    await expect(items.last()).toContainText("Call number 10");
    await expect(panel).toContainText("Showing 1 to 10 of 12 results");
    await expectAccessible(page);

    const pager = panel.getByRole("navigation", { name: `Pages of Follow-ups on ${longDate(day)}` });
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(panel).toContainText("Showing 11 to 12 of 12 results");
    expect(params(page)).toEqual({ month: day.slice(0, 7), day, dpage: "2" });
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText("Call number 11");
    await expect(items.last()).toContainText("Call number 12");
    // Today's panel keeps its own page.
    await expect(section(page, "Today's Follow-ups")).not.toContainText("Showing 11");

    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(panel).toContainText("Showing 1 to 10 of 12 results");
    expect(params(page)).toEqual({ month: day.slice(0, 7), day });
  });

  test("colours and badges: completed, overdue and upcoming; an empty day", async ({ page, crm }) => {
    const past = freshDay(5, { past: true });
    const future = freshDay(5);
    const overdue = await crm.lead("Olga", "Overdue");
    const done = await crm.lead("Colin", "Completed");
    const upcoming = await crm.lead("Uma", "Upcoming");
    await createNote(crm.api, {
      leadId: overdue.id,
      content: "Chase the invoice",
      followUpDate: `${past}T10:00:00.000Z`,
    });
    const completed = await createNote(crm.api, {
      leadId: done.id,
      content: "Send the brochure",
      followUpDate: `${past}T11:00:00.000Z`,
    });
    await completeViaApi(crm, completed.id);
    await createNote(crm.api, {
      leadId: upcoming.id,
      content: "Visit the quarry",
      followUpDate: `${future}T10:00:00.000Z`,
    });
    const overdueName = `Olga Overdue-${crm.token}`;
    const doneName = `Colin Completed-${crm.token}`;
    const upcomingName = `Uma Upcoming-${crm.token}`;

    await signInToCalendar(page, crm, `/calendar?month=${past.slice(0, 7)}&day=${past}`);
    const pastCell = dayCell(page, past);
    const overdueLink = cellLink(pastCell, overdueName);
    const doneLink = cellLink(pastCell, doneName);
    await expect(overdueLink).toHaveAttribute("title", `${overdueName}: Chase the invoice (Overdue)`);
    await expect(doneLink).toHaveAttribute("title", `${doneName}: Send the brochure (Completed)`);
    const overdueClass = await overdueLink.getAttribute("class");
    const doneClass = await doneLink.getAttribute("class");
    expect(overdueClass).not.toBe(doneClass);

    const pastPanel = dayPanel(page, past);
    const overdueLine = line(pastPanel, overdueName);
    await expect(overdueLine.getByText("Overdue", { exact: true })).toBeVisible();
    await expect(overdueLine.getByText("Complete", { exact: true })).toHaveCount(0);
    await expect(overdueLine.getByRole("button", { name: "Mark Complete" })).toBeVisible();
    await expect(overdueLine).toContainText("Chase the invoice");
    await expect(overdueLine).toContainText(londonClock(`${past}T10:00:00.000Z`));
    const doneLine = line(pastPanel, doneName);
    await expect(doneLine.getByText("Complete", { exact: true })).toBeVisible();
    await expect(doneLine.getByText("Overdue", { exact: true })).toHaveCount(0);
    // Mark Complete only for open follow-ups (SPEC.md section 4).
    await expect(doneLine.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);

    await page.goto(`/calendar?month=${future.slice(0, 7)}&day=${future}`);
    await hydrated(page);
    const upcomingLink = cellLink(dayCell(page, future), upcomingName);
    await expect(upcomingLink).toHaveAttribute("title", `${upcomingName}: Visit the quarry (Upcoming)`);
    const upcomingClass = await upcomingLink.getAttribute("class");
    expect(upcomingClass).not.toBe(overdueClass);
    expect(upcomingClass).not.toBe(doneClass);
    const upcomingLine = line(dayPanel(page, future), upcomingName);
    await expect(upcomingLine.getByText("Pending", { exact: true })).toBeVisible();
    await expect(upcomingLine.getByRole("button", { name: "Mark Complete" })).toBeVisible();

    // A day far ahead with nothing on it.
    const empty = freshDay(6);
    await page.goto(`/calendar?month=${empty.slice(0, 7)}&day=${empty}`);
    await hydrated(page);
    await expect(
      dayPanel(page, empty).getByText("No follow-ups on this date", { exact: true }),
    ).toBeVisible();
    await expect(dayPanel(page, empty).getByRole("listitem")).toHaveCount(0);

    // Due today: later today, in London. (Not when the test runs in the last minutes of the day.)
    const later = new Date(Date.now() + 15 * 60_000);
    const today = dayIn(new Date(), "Europe/London");
    if (dayIn(later, "Europe/London") === today) {
      const soon = await crm.lead("Tess", "Today");
      const soonName = `Tess Today-${crm.token}`;
      await createNote(crm.api, { leadId: soon.id, content: "Ring back", followUpDate: later.toISOString() });
      await page.goto("/calendar");
      await hydrated(page);
      const soonLine = line(dayPanel(page, today), soonName);
      await expect(soonLine.getByText("Pending", { exact: true })).toBeVisible();
      await expect(line(section(page, "Today's Follow-ups"), soonName)).toBeVisible();
      // The cell may hold other tests' follow-ups of today; the panel link carries no state, so check the
      // colour where it shows: in the cell when it is among the first two.
      const soonLink = cellLink(dayCell(page, today), soonName);
      if (await soonLink.count()) {
        await expect(soonLink).toHaveAttribute("title", `${soonName}: Ring back (Due today)`);
        const soonClass = await soonLink.getAttribute("class");
        expect([overdueClass, doneClass, upcomingClass]).not.toContain(soonClass);
      }
    }
  });
});

test.describe("today's follow-ups", () => {
  test("lists today's open follow-ups; Mark Complete takes one off", async ({ page, crm }) => {
    const due = await crm.lead("Dora", "Due");
    const done = await crm.lead("Dan", "Done");
    const tomorrow = await crm.lead("Toby", "Tomorrow");
    const now = new Date();
    const today = dayIn(now, "Europe/London");
    const dueNote = await createNote(crm.api, {
      leadId: due.id,
      content: "Confirm the delivery date",
      followUpDate: now.toISOString(),
    });
    const doneNote = await createNote(crm.api, {
      leadId: done.id,
      content: "Already rang",
      followUpDate: now.toISOString(),
    });
    await completeViaApi(crm, doneNote.id);
    await createNote(crm.api, {
      leadId: tomorrow.id,
      content: "Tomorrow's call",
      followUpDate: new Date(now.getTime() + 36 * 3_600_000).toISOString(),
    });
    const dueName = `Dora Due-${crm.token}`;

    await signInToCalendar(page, crm);
    const panel = section(page, "Today's Follow-ups");
    const item = line(panel, dueName);
    await expect(item).toContainText("Confirm the delivery date");
    // Only the open ones of today.
    await expect(line(panel, `Dan Done-${crm.token}`)).toHaveCount(0);
    await expect(line(panel, `Toby Tomorrow-${crm.token}`)).toHaveCount(0);
    // Today's own panel shows the completed one too.
    await expect(
      line(dayPanel(page, today), `Dan Done-${crm.token}`).getByText("Complete", { exact: true }),
    ).toBeVisible();
    await expectAccessible(page);

    await item.getByRole("button", { name: "Mark Complete" }).click();
    await expect(toast(page, "Follow-up marked as complete")).toBeVisible();
    await expect(line(panel, dueName)).toHaveCount(0);
    expect(pathname(page)).toBe("/calendar");
    const dueLine = line(dayPanel(page, today), dueName);
    await expect(dueLine.getByText("Complete", { exact: true })).toBeVisible();
    await expect(dueLine.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);

    const detail = await (await crm.api.get(`/api/leads/detail/${due.id}`)).json();
    expect(detail.notes).toHaveLength(1);
    expect(detail.notes[0]).toMatchObject({ id: dueNote.id, isFollowUpComplete: true });
  });
});

test.describe("Schedule Follow-up", () => {
  test("pick a lead, write a note, keep 09:00: stored as 09:00 London time in UTC", async ({ page, crm }) => {
    const lead = await crm.lead("Peggy", "Picker", { company: `Picker ${crm.token} Quarries` });
    await crm.lead("Percy", "Other");
    const name = `Peggy Picker-${crm.token}`;
    const day = freshDay(7);
    const month = day.slice(0, 7);
    await signInToCalendar(page, crm, `/calendar?month=${month}`);

    const schedule = await openSchedule(page, day);
    expect(params(page)).toMatchObject({ month, day, schedule: day });
    await expect(schedule).toContainText(`Schedule a follow-up on ${longDate(day)}`);
    const note = schedule.getByRole("textbox", { name: "Follow-up Note" });
    const time = schedule.getByLabel("Time", { exact: true });
    const create = schedule.getByRole("button", { name: "Create Follow-up" });
    await expect(time).toHaveValue("09:00");
    await expect(schedule.getByRole("link", { name: "Cancel" })).toBeVisible();
    await expectAccessible(page);

    if (noJs()) {
      // Without JavaScript the button cannot wait for the fields; the server refuses and says why.
      await create.click();
      await expect(schedule.getByText("Choose a lead", { exact: true })).toBeVisible();
      await expect(schedule.getByRole("textbox", { name: "Follow-up Note" })).toHaveAccessibleDescription(
        "Note cannot be empty",
      );
      await expect(toast(page, "Follow-up scheduled successfully")).toHaveCount(0);
    } else {
      await expect(create).toBeDisabled();
    }

    // A search that finds nothing says so.
    await searchPicker(page, `nobody-${crm.token}`);
    await expect(schedule.getByText(`No leads found matching "nobody-${crm.token}"`)).toBeVisible();
    await expect(schedule.getByRole("radio")).toHaveCount(0);

    // By company: this lead only (not the test's other lead).
    await searchPicker(page, `Picker ${crm.token}`);
    const radio = schedule.getByRole("radio", { name });
    await expect(radio).toBeVisible();
    await expect(schedule.getByRole("radio")).toHaveCount(1);
    await expect(schedule.getByText(`No leads found matching`)).toHaveCount(0);
    await radio.check();
    if (!noJs()) {
      // A lead alone is not enough, nor a blank note.
      await expect(create).toBeDisabled();
      await note.fill("   ");
      await expect(create).toBeDisabled();
    } else {
      // Refused for its blank note, the form keeps the lead chosen.
      await create.click();
      await expect(note).toHaveAccessibleDescription("Note cannot be empty");
      await expect(schedule.getByRole("radio", { name })).toBeChecked();
    }
    await note.fill("Talk about the roof slates.");
    if (!noJs()) {
      await expect(create).toBeEnabled();
      // A later search that no longer finds the chosen lead keeps it in the list, chosen.
      await searchPicker(page, `nobody-${crm.token}`);
      await expect(schedule.getByText(`No leads found matching "nobody-${crm.token}"`)).toBeVisible();
      await expect(schedule.getByRole("radio", { name })).toBeChecked();
      await expect(create).toBeEnabled();
    }
    await create.click();

    await expect(toast(page, "Follow-up scheduled successfully")).toBeVisible();
    await expect(dialog(page, "Schedule Follow-up")).toHaveCount(0);
    expect(params(page)).toEqual({ month, day });
    await expect(cellLink(dayCell(page, day), name)).toHaveAttribute(
      "title",
      `${name}: Talk about the roof slates. (Upcoming)`,
    );
    const item = line(dayPanel(page, day), name);
    await expect(item).toContainText("Talk about the roof slates.");
    await expect(item).toContainText("09:00");
    await expect(item.getByText("Pending", { exact: true })).toBeVisible();

    // 09:00 in London in July is 08:00 UTC.
    const stored = await followUpsOf(crm, lead.id, day, day);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      leadName: name,
      content: "Talk about the roof slates.",
      isFollowUpComplete: false,
    });
    expect(new Date(stored[0].followUpDate).toISOString()).toBe(`${day}T08:00:00.000Z`);
  });

  test("Cancel closes the dialog and schedules nothing", async ({ page, crm }) => {
    const lead = await crm.lead("Carl", "Cancel");
    const day = freshDay(8);
    await signInToCalendar(page, crm, `/calendar?month=${day.slice(0, 7)}`);
    const schedule = await openSchedule(page, day);
    // The picker finds a lead by its e-mail too.
    await searchPicker(page, lead.email);
    await schedule.getByRole("radio", { name: `Carl Cancel-${crm.token}` }).check();
    await schedule.getByRole("textbox", { name: "Follow-up Note" }).fill("Never mind");
    await schedule.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog(page, "Schedule Follow-up")).toHaveCount(0);
    expect(params(page).schedule).toBeUndefined();
    expect(params(page).month).toBe(day.slice(0, 7));
    await expect(cellFollowUps(dayCell(page, day))).toHaveCount(0);
    expect(await followUpsOf(crm, lead.id, day, day)).toEqual([]);
  });

  test("?schedule=&leadId=&leadName= opens the dialog with the lead chosen and named; a time of one's own", async ({
    page,
    crm,
  }) => {
    const lead = await crm.lead("Lena", "Given");
    const name = `Lena Given-${crm.token}`;
    // The text names the lead as the address does (SPEC.md section 5), which may differ from its record.
    const leadName = `Lena G. (site visit)-${crm.token}`;
    const day = freshDay(1);
    const month = day.slice(0, 7);
    // Schedule Follow-up opened for a lead on a day, by its address.
    await signInToCalendar(
      page,
      crm,
      `/calendar?${new URLSearchParams({ month, day, schedule: day, leadId: lead.id, leadName })}`,
    );

    const schedule = dialog(page, "Schedule Follow-up");
    await expect(schedule).toContainText(`Schedule a follow-up with ${leadName} on ${longDate(day)}`);
    await expect(schedule.getByRole("searchbox", { name: "Lead" })).toHaveCount(0);
    await expect(schedule.getByRole("radio")).toHaveCount(0);
    const create = schedule.getByRole("button", { name: "Create Follow-up" });
    if (!noJs()) await expect(create).toBeDisabled();
    await schedule.getByRole("textbox", { name: "Follow-up Note" }).fill("Afternoon site visit");
    await schedule.getByLabel("Time", { exact: true }).fill("14:30");
    if (!noJs()) await expect(create).toBeEnabled();
    await create.click();

    await expect(toast(page, "Follow-up scheduled successfully")).toBeVisible();
    expect(params(page)).toEqual({ month, day, leadId: lead.id, leadName });
    await expect(page.getByText(`Click a day to schedule a follow-up with ${leadName}.`)).toBeVisible();
    const item = line(dayPanel(page, day), name);
    await expect(item).toContainText("Afternoon site visit");
    await expect(item).toContainText("14:30");
    await expect(cellLink(dayCell(page, day), name)).toBeVisible();

    // January in London is GMT: 14:30 there is 14:30 UTC.
    const stored = await followUpsOf(crm, lead.id, day, day);
    expect(stored).toHaveLength(1);
    expect(new Date(stored[0].followUpDate).toISOString()).toBe(`${day}T14:30:00.000Z`);
  });

  test("the lead detail's 'Schedule Follow Up' goes to the calendar with the lead chosen", async ({
    page,
    crm,
  }) => {
    const lead = await crm.lead("Dev", "Detail");
    const name = `Dev Detail-${crm.token}`;
    await signIn(page, crm.user, `/leads/${lead.id}`, "Lead Management");
    const detail = dialog(page, name);
    await section(detail, "Schedule Follow-up").getByRole("link", { name: "Schedule Follow Up" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Follow-up Calendar" })).toBeVisible();
    await expect(dialog(page, name)).toHaveCount(0);
    expect(pathname(page)).toBe("/calendar");
    expect(params(page)).toEqual({ leadId: lead.id, leadName: name });
    await expect(page.getByText(`Click a day to schedule a follow-up with ${name}.`)).toBeVisible();
    await hydrated(page);

    // The month links keep the lead.
    const month = nextMonth(dayIn(new Date(), "Europe/London").slice(0, 7));
    await page.getByRole("link", { name: "Next month" }).click();
    await expect(page.getByRole("region", { name: "Month" }).getByRole("heading", { level: 2 })).toHaveText(
      monthTitle(month),
    );
    expect(params(page)).toEqual({ month, leadId: lead.id, leadName: name });

    const day = `${month}-15`;
    const schedule = await openSchedule(page, day);
    await expect(schedule).toContainText(`Schedule a follow-up with ${name} on ${longDate(day)}`);
    await expect(schedule.getByRole("searchbox", { name: "Lead" })).toHaveCount(0);
    await schedule.getByRole("textbox", { name: "Follow-up Note" }).fill("Quote for the patio");
    // A blank time means 09:00 (SPEC.md section 5).
    const time = schedule.getByLabel("Time", { exact: true });
    await expect(time).toHaveValue("09:00");
    await time.fill("");
    await expect(time).toHaveValue("");
    await schedule.getByRole("button", { name: "Create Follow-up" }).click();

    await expect(toast(page, "Follow-up scheduled successfully")).toBeVisible();
    const item = line(dayPanel(page, day), name);
    await expect(item).toContainText("Quote for the patio");
    await expect(item).toContainText("09:00");
    const stored = await followUpsOf(crm, lead.id, day, day);
    expect(stored).toHaveLength(1);
    expect(new Date(stored[0].followUpDate).toISOString()).toBe(
      wallClockToUtc(day, "09:00", "Europe/London"),
    );

    // The lead's own notes show it.
    const detailAfter = await (await crm.api.get(`/api/leads/detail/${lead.id}`)).json();
    expect(detailAfter.notes[0]).toMatchObject({ content: "Quote for the patio", isFollowUpComplete: false });
  });
});

/** Opens a follow-up's lead from its link on the calendar: the lead's dialog, over the calendar. */
async function openLead(page: Page, link: Locator, name: string) {
  await link.click();
  const detail = dialog(page, name);
  await expect(detail).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1, name: "Follow-up Calendar", includeHidden: true }),
  ).toBeVisible();
  return detail;
}

/** The calendar again, without a lead's dialog, at the view it was left at. */
async function expectCalendarAt(page: Page, name: string, view: Record<string, string>) {
  await expect(dialog(page, name)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Follow-up Calendar" })).toBeVisible();
  expect(pathname(page)).toBe("/calendar");
  expect(params(page)).toEqual(view);
}

test.describe("opening a follow-up's lead", () => {
  test("a follow-up opens its lead over the calendar, whose forms work; Close comes back to the same view", async ({
    page,
    crm,
  }) => {
    const lead = await crm.lead("Leo", "Linked", { company: `Linked ${crm.token} Stone` });
    const name = `Leo Linked-${crm.token}`;
    const day = freshDay(9);
    const view = { month: day.slice(0, 7), day };
    await createNote(crm.api, {
      leadId: lead.id,
      content: "Discuss the sample",
      followUpDate: `${day}T12:00:00.000Z`,
    });
    await signInToCalendar(page, crm, `/calendar?${new URLSearchParams(view)}`);
    const inCell = cellLink(dayCell(page, day), name);
    const inPanel = dayPanel(page, day).getByRole("link", { name, exact: true });
    const address = `/calendar/lead/${lead.id}?${new URLSearchParams(view)}`;
    await expect(inCell).toHaveAttribute("href", address);
    await expect(inPanel).toHaveAttribute("href", address);

    const detail = await openLead(page, inCell, name);
    expect(pathname(page)).toBe(`/calendar/lead/${lead.id}`);
    expect(params(page)).toEqual(view);
    await expect(section(detail, "Notes & Comments")).toContainText("Discuss the sample");
    // The dialog's forms post to its own address and come back to it.
    await detail.getByRole("button", { name: "Mark Complete" }).click();
    await expect(toast(page, "Follow-up marked as complete")).toBeVisible();
    await expect(detail.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);
    expect(pathname(page)).toBe(`/calendar/lead/${lead.id}`);
    expect(params(page)).toEqual(view);

    await detail.getByRole("link", { name: "Close" }).click();
    await expectCalendarAt(page, name, view);
    await expect(line(dayPanel(page, day), name).getByText("Complete", { exact: true })).toBeVisible();

    // A lead that is not there (removed since, or never was): back to the calendar as it was, with a toast.
    await page.goto(`/calendar/lead/${crypto.randomUUID()}?${new URLSearchParams(view)}`);
    await expectCalendarAt(page, name, view);
    await expect(toast(page, "Could not find the lead for this follow-up.")).toBeVisible();
  });
});

/** The Sunday that starts a day's week. */
function sundayOf(day: string) {
  return addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
}

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("an agenda of the chosen week or day, a month picker to choose it; a lead opens over it and closes back", async ({
    page,
    crm,
  }) => {
    const first = await crm.lead("Agnes", "Agenda");
    const second = await crm.lead("Wes", "Weekahead");
    const wes = `Wes Weekahead-${crm.token}`;
    // February (GMT: London's clock is UTC's), two days a week apart in the same month.
    const day = freshDay(2);
    const other = addDays(day, Number(day.slice(8)) > 14 ? -7 : 7);
    const month = day.slice(0, 7);
    // Six on the day: the week shows a day's first five, and '+1 more'.
    for (const [index, content] of [
      "Bring the price list",
      "Call 2",
      "Call 3",
      "Call 4",
      "Call 5",
      "Call 6",
    ].entries()) {
      await createNote(crm.api, {
        leadId: first.id,
        content,
        followUpDate: `${day}T${pad(10 + index)}:30:00.000Z`,
      });
    }
    await createNote(crm.api, {
      leadId: second.id,
      content: "Measure the drive",
      followUpDate: `${other}T15:00:00.000Z`,
    });
    await signInToCalendar(page, crm, `/calendar?month=${month}&day=${day}`);

    // The grid's seven columns give way to the agenda of the day's week.
    await expect(page.getByRole("region", { name: "Days" })).toBeHidden();
    const agenda = section(page, "Agenda");
    const title = agenda.getByRole("heading", { level: 2 });
    const item = (text: string) => agenda.getByRole("listitem").filter({ hasText: text });
    await expect(title).toHaveText(`Week of ${longDate(sundayOf(day))}`);
    await expect(agenda.getByRole("heading", { level: 3, name: longDate(day) })).toBeVisible();
    await expect(item("Bring the price list")).toContainText("10:30");
    await expect(item("Bring the price list")).toContainText(`Agnes Agenda-${crm.token}`);
    await expect(item("Bring the price list").getByText("Upcoming", { exact: true })).toBeVisible();
    await expect(item("Bring the price list").getByRole("button", { name: "Mark Complete" })).toBeVisible();
    await expect(item("Call 6")).toHaveCount(0);
    await expect(item("Measure the drive")).toHaveCount(0);
    await expectNothingWiderThanViewport(page);
    await expectAccessible(page);

    // '+1 more' opens the day alone, all of it.
    await agenda.getByRole("link", { name: "+1 more" }).click();
    await expect(title).toHaveText(longDate(day));
    expect(params(page)).toEqual({ month, day, agenda: "day" });
    await expect(item("Call 6")).toContainText("15:30");
    await expect(agenda.getByRole("listitem")).toHaveCount(6);

    // The month picker, its days with follow-ups said so, moves the agenda to another day.
    const picker = page.getByRole("navigation", { name: "Pick a day" });
    await picker.getByRole("link", { name: new RegExp(`^${longDate(other)}, \\d+ follow-ups?$`) }).click();
    await expect(title).toHaveText(longDate(other));
    expect(params(page)).toEqual({ month, day: other, agenda: "day" });
    await expect(item("Measure the drive")).toContainText("15:00");
    await expect(item("Bring the price list")).toHaveCount(0);

    // And the week around it.
    await agenda.getByRole("link", { name: "Week", exact: true }).click();
    await expect(title).toHaveText(`Week of ${longDate(sundayOf(other))}`);
    const view = { month, day: other };
    expect(params(page)).toEqual(view);
    await expect(item("Measure the drive")).toContainText(wes);
    await expect(item("Bring the price list")).toHaveCount(0);
    await expectNothingWiderThanViewport(page);

    // Its lead opens over the agenda, and the browser's Back closes it, back on the same week.
    await openLead(page, agenda.getByRole("link", { name: wes, exact: true }), wes);
    expect(pathname(page)).toBe(`/calendar/lead/${second.id}`);
    expect(params(page)).toEqual(view);
    await page.goBack();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expectCalendarAt(page, wes, view);
    await expect(title).toHaveText(`Week of ${longDate(sundayOf(other))}`);
  });
});

test.describe("in another time zone", () => {
  test.use({ timezoneId: "America/New_York" });

  test("a follow-up at 23:30 New York time stays on its day; stored as 04:30 UTC the next day", async ({
    page,
    crm,
    baseURL,
  }) => {
    if (noJs()) {
      // The browser tells the server its zone through a cookie its script writes; without JavaScript it
      // cannot, so the test stands for a browser that has.
      await page.context().addCookies([{ name: "tz", value: "America%2FNew_York", url: baseURL! }]);
    }
    const lead = await crm.lead("Nina", "Newyork");
    const name = `Nina Newyork-${crm.token}`;
    // After the first Sunday of November: Eastern Standard Time (UTC-5).
    const day = freshDay(11, { from: 8 });
    const next = addDays(day, 1);
    await signInToCalendar(page, crm, `/calendar?month=${day.slice(0, 7)}`);
    if (!noJs()) {
      const cookie = (await page.context().cookies()).find((c) => c.name === "tz");
      expect(decodeURIComponent(cookie?.value ?? "")).toBe("America/New_York");
    }

    const schedule = await openSchedule(page, day);
    await searchPicker(page, `Newyork-${crm.token}`);
    await schedule.getByRole("radio", { name }).check();
    await schedule.getByRole("textbox", { name: "Follow-up Note" }).fill("Late call to the US office");
    const time = schedule.getByLabel("Time", { exact: true });
    await expect(time).toHaveValue("09:00");
    await time.fill("23:30");
    await schedule.getByRole("button", { name: "Create Follow-up" }).click();

    await expect(toast(page, "Follow-up scheduled successfully")).toBeVisible();
    expect(params(page)).toEqual({ month: day.slice(0, 7), day });
    await expect(cellLink(dayCell(page, day), name)).toBeVisible();
    await expect(cellLink(dayCell(page, next), name)).toHaveCount(0);
    const item = line(dayPanel(page, day), name);
    await expect(item).toContainText("23:30");

    // November in New York is EST (UTC-5).
    const stored = await followUpsOf(crm, lead.id, day, next);
    expect(stored).toHaveLength(1);
    expect(new Date(stored[0].followUpDate).toISOString()).toBe(`${next}T04:30:00.000Z`);

    // The next day's panel does not have it.
    await page.goto(`/calendar?month=${day.slice(0, 7)}&day=${next}`);
    await hydrated(page);
    await expect(line(dayPanel(page, next), name)).toHaveCount(0);
  });
});
