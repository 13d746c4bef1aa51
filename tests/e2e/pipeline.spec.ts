// The pipeline board (docs/decisions/027-pipeline-board.md): a lead moved across the board by mouse and by
// keyboard (dnd-kit, with JavaScript), by its "Move to" form (without), and moved back with the toast's Undo;
// on a 375 px phone, one column at a time with a switcher in the URL.
import type { Locator, Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  expectNothingWiderThanViewport,
  noJs,
  notifications,
  signIn,
  test,
  toast,
} from "./fixtures";

test.describe.configure({ timeout: 60_000 });

const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const card = (scope: Locator, name: string) =>
  scope.getByRole("listitem").filter({ has: scope.page().getByRole("heading", { name, exact: true }) });

async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
  await page.mouse.up();
}

test("a lead moves across the board and back with Undo", async ({ page, crm }) => {
  await crm.lead("Ada", "Mover", { estimatedValue: 1000 });
  await crm.lead("Ben", "Keys", { estimatedValue: 3000 });
  const [ada, ben] = [`Ada Mover-${crm.token}`, `Ben Keys-${crm.token}`];
  await signIn(page, crm.user, `/pipeline?q=${crm.token}`, "Pipeline");
  const [fresh, contacted, qualified] = ["New", "Contacted", "Qualified"].map((name) => column(page, name));
  await expect(fresh.getByTestId("column-count")).toHaveText("2 leads");
  await expect(fresh.getByTestId("column-total")).toHaveText("£4,000.00");
  await expect(fresh.getByTestId("column-weighted")).toHaveText("£400.00");
  await expectAccessible(page);

  if (noJs()) {
    // The card's own form.
    await card(fresh, ada).getByLabel(`Move ${ada} to`).selectOption("Contacted");
    await card(fresh, ada).getByRole("button", { name: "Move" }).click();
  } else {
    await dragWithMouse(page, page.getByRole("button", { name: `Drag ${ada}` }), contacted);
  }
  await expect(toast(page, "Moved to Contacted")).toBeVisible();
  await expect(card(contacted, ada)).toBeVisible();
  await expect(contacted.getByTestId("column-total")).toHaveText("£1,000.00");
  await expect(fresh.getByTestId("column-count")).toHaveText("1 lead");

  // Undo moves it back.
  await notifications(page).getByRole("button", { name: "Undo" }).click();
  await expect(card(fresh, ada)).toBeVisible();
  await expect(contacted.getByTestId("column-count")).toHaveText("0 leads");

  if (noJs()) return;
  // The keyboard: the handle focused, Space picks the card up, the arrows choose the column, Space drops it.
  await page.getByRole("button", { name: `Drag ${ben}` }).focus();
  // Each arrow as a screen-reader user would press it: after hearing where the card is.
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: `Drag ${ben}` })).toHaveAttribute("aria-pressed", "true");
  // dnd-kit's keyboard sensor starts listening for the arrows in a timer of its own once the card is picked up:
  // a timer of ours set now runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText(`${ben} is over Contacted.`)).toBeAttached();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText(`${ben} is over Qualified.`)).toBeAttached();
  await page.keyboard.press("Space");
  await expect(toast(page, "Moved to Qualified")).toBeVisible();
  await expect(card(qualified, ben)).toBeVisible();
  await expect(qualified.getByTestId("column-weighted")).toHaveText("£1,500.00");
});

test("a column's More shows its next cards: in place with JavaScript, as a page without", async ({
  page,
  crm,
}) => {
  await Promise.all(
    Array.from({ length: 11 }, (_, i) => crm.lead(`Lead${i}`, "Many", { status: "PROPOSAL" })),
  );
  await signIn(page, crm.user, `/pipeline?q=${crm.token}`, "Pipeline");
  const proposal = column(page, "Proposal Sent");
  const cards = proposal.locator("li[data-lead-card]");
  await expect(cards).toHaveCount(10);
  await proposal.getByRole("link", { name: "More Proposal Sent leads" }).click();
  if (noJs()) {
    await expect(cards).toHaveCount(1);
    await expect(proposal.getByRole("link", { name: "First Proposal Sent leads" })).toBeVisible();
  } else {
    await expect(cards).toHaveCount(11);
    await expect(page).toHaveURL(`/pipeline?q=${crm.token}`);
  }
  await expect(proposal.getByRole("link", { name: "More Proposal Sent leads" })).toHaveCount(0);
});

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("one column at a time, switched by links", async ({ page, crm }) => {
    await crm.lead("Cleo", "Phone", { status: "QUALIFIED", estimatedValue: 123456789.5 });
    await signIn(page, crm.user, `/pipeline?q=${crm.token}`, "Pipeline");
    const switcher = page.getByRole("navigation", { name: "Columns" });
    await expect(switcher.getByRole("link", { name: "New (0)" })).toHaveAttribute("aria-current", "true");
    await expect(column(page, "New")).toBeVisible();
    await expect(column(page, "Qualified")).toBeHidden();

    await switcher.getByRole("link", { name: "Qualified (1)" }).click();
    await expect(page).toHaveURL(`/pipeline?q=${crm.token}&column=QUALIFIED`);
    await expect(column(page, "New")).toBeHidden();
    await expect(card(column(page, "Qualified"), `Cleo Phone-${crm.token}`)).toBeVisible();
    await expectNothingWiderThanViewport(page);
  });
});
