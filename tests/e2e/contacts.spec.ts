// Contact Management (SPEC.md section 2 "Contacts", "Add New Contact dialog"; section 5 "Contact form",
// "Create Contact & Add Lead", "Contact edit"; section 8 "Contacts"; section 9; issue 30): the search (as you
// type, with JavaScript), the cards with their related leads and main-contact star, the table view, the
// full-screen contact with 'Jump to Lead', a lead opened over the page and closed back to it, the edit modal, Add
// New Contact with 'Create Contact & Add Lead', Lead Reports, the numbered pager, and the phone layout. Every test
// runs with JavaScript on ("js") and off ("no-js").
import type { Page } from "@playwright/test";
import { ADMIN } from "../support/test-server";
import {
  createUser,
  dialog,
  expect,
  expectAccessible,
  holdRequests,
  noJs,
  params,
  pathname,
  section,
  signIn,
  signedInApi,
  test,
  toast,
  visit,
  type Crm,
} from "./fixtures";

// These tests walk through whole flows (several page loads, axe checks): more time than the default 30 s.
test.describe.configure({ timeout: 60_000 });

type ContactInput = {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  company: string;
  position?: string;
};
type Contact = Required<ContactInput> & { id: string; companyDivision: string; createdAt: string };

/** POST /api/contacts in TSS; answers the created contact. */
async function createContact(crm: Crm, input: ContactInput): Promise<Contact> {
  const response = await crm.api.post("/api/contacts", { data: { companyDivision: "TSS", ...input } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** GET /api/contacts/TSS?search=: the division's contacts matching `search`. */
async function findContacts(crm: Crm, search: string): Promise<Contact[]> {
  const response = await crm.api.get(`/api/contacts/TSS?${new URLSearchParams({ search })}`);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** Today as the cards write a date ('5 Mar 2025') for this browser, in London (playwright.config.ts). */
const today = () =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Europe/London",
  }).format(new Date());

function signInToContacts(page: Page, crm: Crm, path = "/contacts") {
  return signIn(page, crm.user, path, "Contact Management");
}

/** The contact cards on screen (not the related-lead lines inside them). */
function cards(page: Page) {
  return section(page, "Contacts")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "Edit", exact: true }) });
}

/** The card of the contact with this full name (or the end of it); related-lead lines do not count. */
function card(page: Page, name: string) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return cards(page).filter({ has: page.locator("p").filter({ hasText: new RegExp(`(^|\\s)${escaped}$`) }) });
}

/** The related-lead lines of a card. */
function relatedLines(contactCard: ReturnType<typeof card>) {
  return contactCard.getByRole("listitem");
}

/** Types into the search box and runs the search (Enter submits the search form, with or without JavaScript). */
async function searchContacts(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search contacts" });
  await box.fill(text);
  await box.press("Enter");
  await expect.poll(() => params(page).q).toBe(text);
}

function leadReports(page: Page) {
  return page.locator("details").filter({ has: page.locator("summary", { hasText: "Lead Reports" }) });
}

const REPORTS = ["All Leads", "New Leads", "Contacted", "Qualified", "Proposal Sent", "Won", "Lost"] as const;
type ReportLabel = (typeof REPORTS)[number];

/** Opens the Lead Reports disclosure (a click on its summary), unless it is open already. */
async function openReports(page: Page) {
  if (!(await leadReports(page).evaluate((details: HTMLDetailsElement) => details.open))) {
    await leadReports(page).locator("summary").click();
  }
  await expect(leadReports(page)).toHaveAttribute("open");
}

/** Opens the Lead Reports disclosure and reads each option's count. */
async function reportCounts(page: Page) {
  await openReports(page);
  const links = leadReports(page).getByRole("link");
  await expect(links).toHaveText(REPORTS.map((label) => new RegExp(`^${label}\\s*[\\d,]+$`)));
  const counts = {} as Record<ReportLabel, number>;
  for (const [i, label] of REPORTS.entries()) {
    // Grouped as every count is ('1,204').
    const text = (await links.nth(i).locator("span").nth(1).textContent())!.trim();
    expect(text).toBe(Number(text.replaceAll(",", "")).toLocaleString("en-GB"));
    counts[label] = Number(text.replaceAll(",", ""));
  }
  return counts;
}

test.describe("search", () => {
  test("finds contacts by company, name or e-mail in any case, company matches first; else the empty text", async ({
    page,
    crm,
  }) => {
    const byName = await createContact(crm, {
      firstName: "Mabel",
      lastName: `Name-${crm.token}`,
      email: `mabel.${crm.token}@example.com`,
      company: "Aardvark Masonry",
    });
    const byCompany = await createContact(crm, {
      firstName: "Yannick",
      lastName: "Yates",
      email: "yannick@zulu.example.com",
      company: `Zulu ${crm.token} Quarries`,
    });
    await signInToContacts(page, crm);
    const box = page.getByRole("searchbox", { name: "Search contacts" });
    await expect(box).toHaveAttribute("placeholder", "Search by company name or contact details...");

    if (!noJs()) {
      // With JavaScript the list follows the typing: no Enter, the address replaced (not a new history entry),
      // and the box keeps the focus and the caret at the end of what was typed.
      const entries = await page.evaluate(() => history.length);
      await box.click();
      await box.pressSequentially(`zulu ${crm.token}`);
      await expect.poll(() => params(page).q).toBe(`zulu ${crm.token}`);
      await expect(cards(page)).toHaveCount(1);
      await expect(card(page, "Yannick Yates")).toBeVisible();
      await expect(box).toBeFocused();
      expect(await box.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(
        `zulu ${crm.token}`.length,
      );
      expect(await page.evaluate(() => history.length)).toBe(entries);
    }

    // Company before name alphabetically would put Aardvark first; a company match comes first instead.
    await searchContacts(page, crm.token);
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).getByRole("heading", { level: 2 })).toHaveText([
      byCompany.company,
      byName.company,
    ]);
    await expectAccessible(page);

    await searchContacts(page, `ZULU ${crm.token.toUpperCase()}`);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Yannick Yates")).toBeVisible();

    await searchContacts(page, `mabel.${crm.token}@`);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, `Mabel Name-${crm.token}`)).toBeVisible();

    await searchContacts(page, `name-${crm.token}`);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, `Mabel Name-${crm.token}`)).toBeVisible();
    // A page past the end (an old link) shows the last one.
    await visit(page, `/contacts?q=name-${crm.token}&page=4`);
    await expect(card(page, `Mabel Name-${crm.token}`)).toBeVisible();

    await searchContacts(page, `nothing-${crm.token}`);
    await expect(page.getByText("No contacts match the current search.", { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole("searchbox", { name: "Search contacts" })).toHaveValue(
      `nothing-${crm.token}`,
    );

    // Back to the whole list by the sidebar's link: the box is empty again, and so is the address's search.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contacts" })
      .first()
      .click();
    await expect(page.getByText("No contacts match the current search.", { exact: true })).toHaveCount(0);
    expect(params(page).q).toBeUndefined();
    await expect(page.getByRole("searchbox", { name: "Search contacts" })).toHaveValue("");
  });
});

test.describe("contact cards", () => {
  test("company, person, e-mail, phone, division, 'Added', two related leads with the star opening over the page, then expand; the table view", async ({
    page,
    crm,
  }) => {
    const company = `Engine ${crm.token} Works`;
    const ada = await createContact(crm, {
      firstName: "Ada",
      lastName: `Lovelace-${crm.token}`,
      email: `ada.lovelace.${crm.token}@example.com`,
      phone: "+44 20 7946 0123",
      company,
      position: "Analyst",
    });
    // The first lead has Ada's e-mail: Ada is its main contact. The others relate to her by company.
    const main = await crm.lead("Augusta", "King", { email: ada.email, company, status: "QUALIFIED" });
    await crm.lead("Bob", "Babbage", { company });
    await crm.lead("Carl", "Cog", { company, status: "PROPOSAL" });
    const adaName = `Ada Lovelace-${crm.token}`;

    await signInToContacts(page, crm, `/contacts?q=${crm.token}`);
    // Ada, and the contacts made for Bob's and Carl's leads.
    await expect(cards(page)).toHaveCount(3);
    const adaCard = card(page, adaName);
    await expect(adaCard.getByRole("heading", { level: 2 })).toHaveText(company);
    await expect(adaCard.getByText("TSS", { exact: true })).toBeVisible();
    await expect(adaCard.getByText("AL", { exact: true })).toBeAttached();
    await expect(adaCard.getByText("Analyst", { exact: true })).toBeVisible();
    // The whole address, cut (by CSS, where the card ends) only when it does not fit; never by a script.
    await expect(adaCard.getByText(ada.email, { exact: true })).toBeVisible();
    await expect(adaCard.getByTitle(ada.email)).toHaveText(ada.email);
    await expect(adaCard.getByText("+44 20 7946 0123", { exact: true })).toBeVisible();
    await expect(adaCard.getByText(`Added ${today()}`, { exact: true })).toBeVisible();
    await expect(adaCard.getByRole("link", { name: "View", exact: true })).toBeVisible();
    await expect(adaCard.getByRole("link", { name: "Edit", exact: true })).toBeVisible();

    // Collapsed: two related leads, the one she is the main contact of first, with the star.
    await expect(adaCard.getByRole("heading", { name: "Related Leads" })).toBeVisible();
    const lines = relatedLines(adaCard);
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toHaveText(`★Main contact:Augusta King-${crm.token}Qualified`);
    await expect(lines.nth(0).getByText("★")).toBeVisible();
    await expect(lines.nth(1)).toHaveText(`Carl Cog-${crm.token}Proposal Sent`);
    await expect(adaCard.getByText("Main contact:")).toHaveCount(1);
    await expect(adaCard.getByText(`Bob Babbage-${crm.token}`)).toHaveCount(0);
    // A related lead opens over this page, which it closes back to.
    await expect(lines.nth(0).getByRole("link", { name: `Augusta King-${crm.token}` })).toHaveAttribute(
      "href",
      `/contacts/lead/${main.id}?q=${crm.token}`,
    );
    const more = adaCard.getByRole("link", { name: "+1 more leads (click to expand)" });
    await expect(more).toBeVisible();
    await expectAccessible(page);

    // Expanded: every related lead and the whole e-mail.
    await more.click();
    await expect.poll(() => params(page)).toEqual({ q: crm.token, expanded: ada.id });
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toContainText(`Augusta King-${crm.token}`);
    await expect(adaCard.getByText(`Bob Babbage-${crm.token}`)).toBeVisible();
    await expect(adaCard.getByText(ada.email, { exact: true })).toBeVisible();
    await expect(adaCard.getByRole("link", { name: /more leads/ })).toHaveCount(0);
    // The other cards stay collapsed.
    await expect(relatedLines(card(page, `Bob Babbage-${crm.token}`))).toHaveCount(2);

    await adaCard.getByRole("link", { name: "Show less" }).click();
    await expect.poll(() => params(page)).toEqual({ q: crm.token });
    await expect(lines).toHaveCount(2);

    // The star is on Bob's own lead on Bob's card, not on Augusta's.
    const bobCard = card(page, `Bob Babbage-${crm.token}`);
    await expect(bobCard).toHaveCount(1);
    await expect(relatedLines(bobCard).filter({ hasText: "Main contact:" })).toHaveText(
      `★Main contact:Bob Babbage-${crm.token}New`,
    );
    // The star shows what the API says: Ada is the main contact of the lead with her e-mail.
    const detail = await crm.api.get(`/api/leads/detail/${main.id}`);
    expect((await detail.json()).mainContactId).toBe(ada.id);

    // The table view: a row each, the search kept, and back to the cards.
    const layout = page.getByRole("navigation", { name: "Layout" });
    await expect(layout.getByRole("link", { name: "Cards" })).toHaveAttribute("aria-current", "true");
    await layout.getByRole("link", { name: "Table" }).click();
    await expect.poll(() => params(page)).toEqual({ q: crm.token, layout: "table" });
    const table = page.getByRole("region", { name: "Contacts table" });
    await expect(table.getByRole("columnheader")).toHaveText([
      "Contact",
      "Company",
      "Email",
      "Phone",
      "Related Leads",
      "Added",
      "Actions",
    ]);
    await expect(table.getByRole("row")).toHaveCount(4);
    await expect(cards(page)).toHaveCount(0);
    const adaRow = table.getByRole("row").filter({ hasText: adaName });
    await expect(adaRow.getByRole("cell")).toHaveText([
      `AL${adaName}Analyst`,
      company,
      ada.email,
      "+44 20 7946 0123",
      "3",
      today(),
      "",
    ]);
    await expect(adaRow.getByRole("link", { name: `View ${adaName}` })).toHaveAttribute(
      "href",
      `/contacts?q=${crm.token}&layout=table&contactId=${ada.id}`,
    );
    await expectAccessible(page);
    await adaRow.getByRole("link", { name: `Edit ${adaName}` }).click();
    await expect(dialog(page, "Edit Contact: Ada")).toBeVisible();
    await dialog(page, "Edit Contact: Ada").getByRole("link", { name: "Cancel" }).click();
    await expect(dialog(page, "Edit Contact: Ada")).toHaveCount(0);
    // A search keeps the table.
    await searchContacts(page, `Lovelace-${crm.token}`);
    expect(params(page)).toEqual({ q: `Lovelace-${crm.token}`, layout: "table" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await layout.getByRole("link", { name: "Cards" }).click();
    await expect.poll(() => params(page)).toEqual({ q: `Lovelace-${crm.token}` });
    await expect(cards(page)).toHaveCount(1);
  });
});

test.describe("full-screen contact", () => {
  test("View shows the contact and its leads; a lead opens over it and closes back; 'Jump to Lead' opens the lead to edit; 'Back to Contacts'", async ({
    page,
    crm,
  }) => {
    const company = `Viewing ${crm.token} Stone`;
    const grace = await createContact(crm, {
      firstName: "Grace",
      lastName: `Viewed-${crm.token}`,
      email: `grace.viewed.${crm.token}@example.com`,
      phone: "+44 113 496 0000",
      company,
      position: "Director",
    });
    const main = await crm.lead("Gracie", "Main", {
      email: grace.email,
      company,
      status: "CONTACTED",
      estimatedValue: 5000,
    });
    const other = await crm.lead("Hugh", "Other", { company, status: "CLOSED_WON" });
    const graceName = `Grace Viewed-${crm.token}`;

    await signInToContacts(page, crm, `/contacts?q=${crm.token}`);
    await card(page, graceName).getByRole("link", { name: "View", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: graceName })).toBeVisible();
    expect(params(page)).toEqual({ q: crm.token, contactId: grace.id });
    await expect(page.getByText(`Director · ${company}`, { exact: true })).toBeVisible();
    const details = page.getByRole("region", { name: "Contact details" });
    await expect(details.getByRole("link", { name: grace.email })).toHaveAttribute(
      "href",
      `mailto:${grace.email}`,
    );
    await expect(details.getByRole("link", { name: "+44 113 496 0000" })).toHaveAttribute(
      "href",
      "tel:+441134960000",
    );
    await expect(details).toContainText(today());

    const related = page.getByRole("region", { name: "Related Leads" });
    await expect(related.getByRole("heading", { name: "Related Leads (2)" })).toBeVisible();
    const items = related.getByRole("listitem");
    await expect(items).toHaveCount(2);
    const mainItem = items.filter({ hasText: `Gracie Main-${crm.token}` });
    const otherItem = items.filter({ hasText: `Hugh Other-${crm.token}` });
    await expect(mainItem).toContainText("Main contact:");
    await expect(mainItem).toContainText("£5,000.00");
    await expect(mainItem).toContainText("Contacted");
    await expect(otherItem).not.toContainText("Main contact:");
    await expect(otherItem).toContainText("Closed Won");
    await expect(mainItem.getByRole("link", { name: "Jump to Lead" })).toHaveAttribute(
      "href",
      `/contacts/lead/${main.id}?q=${crm.token}&contactId=${grace.id}&edit=true`,
    );
    await expect(otherItem.getByRole("link", { name: "Jump to Lead" })).toHaveAttribute(
      "href",
      `/contacts/lead/${other.id}?q=${crm.token}&contactId=${grace.id}&edit=true`,
    );
    await expectAccessible(page);

    // A lead's name opens it over the contact, and closing it comes back to the contact as it was.
    await otherItem.getByRole("link", { name: `Hugh Other-${crm.token}` }).click();
    const otherDetail = dialog(page, `Hugh Other-${crm.token}`);
    await expect(otherDetail).toBeVisible();
    expect(pathname(page)).toBe(`/contacts/lead/${other.id}`);
    expect(params(page)).toEqual({ q: crm.token, contactId: grace.id });
    await expect(
      page.getByRole("heading", { level: 1, name: graceName, includeHidden: true }),
    ).toBeAttached();
    await otherDetail.getByRole("link", { name: "Close" }).click();
    await expect(otherDetail).toHaveCount(0);
    expect(pathname(page)).toBe("/contacts");
    expect(params(page)).toEqual({ q: crm.token, contactId: grace.id });
    await expect(page.getByRole("heading", { level: 1, name: graceName })).toBeVisible();

    // Back to the grid as it was.
    await page.getByRole("link", { name: "Back to Contacts" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Contact Management" })).toBeVisible();
    expect(params(page)).toEqual({ q: crm.token });
    await expect(card(page, graceName)).toBeVisible();

    // contactId opens it directly; Jump to Lead opens the lead's dialog, ready to edit.
    await visit(page, `/contacts?contactId=${grace.id}`);
    await expect(page.getByRole("heading", { level: 1, name: graceName })).toBeVisible();
    await page
      .getByRole("region", { name: "Related Leads" })
      .getByRole("listitem")
      .filter({ hasText: `Gracie Main-${crm.token}` })
      .getByRole("link", { name: "Jump to Lead" })
      .click();
    const detail = dialog(page, `Gracie Main-${crm.token}`);
    await expect(detail).toBeVisible();
    expect(pathname(page)).toBe(`/contacts/lead/${main.id}`);
    expect(params(page)).toEqual({ contactId: grace.id, edit: "true" });
    const firstName = section(detail, "Update Lead").getByLabel("First Name", { exact: true });
    await expect(firstName).toHaveValue("Gracie");

    await visit(page, "/contacts?contactId=" + grace.id);
    await page.getByRole("link", { name: "Back to Contacts" }).click();
    await expect(page).toHaveURL("/contacts");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Management" })).toBeVisible();
  });
});

test.describe("Jump to Lead", () => {
  test("opens the lead ready to edit: with JavaScript the cursor is in the update form's first field", async ({
    page,
    crm,
  }) => {
    const company = `Jump ${crm.token} Slate`;
    const contact = await createContact(crm, {
      firstName: "Jemima",
      lastName: `Jumper-${crm.token}`,
      email: `jemima.${crm.token}@example.com`,
      company,
    });
    const lead = await crm.lead("Jemima", "Jumper", { email: contact.email, company });
    await signIn(page, crm.user, `/contacts?contactId=${contact.id}`, `Jemima Jumper-${crm.token}`);
    await page.getByRole("link", { name: "Jump to Lead" }).click();
    const detail = dialog(page, `Jemima Jumper-${crm.token}`);
    await expect(detail).toBeVisible();
    expect(pathname(page)).toBe(`/contacts/lead/${lead.id}`);
    expect(params(page)).toEqual({ contactId: contact.id, edit: "true" });
    const firstName = section(detail, "Update Lead").getByLabel("First Name", { exact: true });
    await expect(firstName).toHaveValue("Jemima");
    // Edit mode (SPEC.md "Leads": edit=true): the lead opened from the contact is ready to be edited.
    if (!noJs()) await expect(firstName).toBeFocused();
  });
});

test.describe("Edit Contact", () => {
  test("opens with the contact's values; Cancel keeps it; Save Changes updates it and a blank e-mail keeps the stored one", async ({
    page,
    crm,
  }) => {
    const contact = await createContact(crm, {
      firstName: "Edith",
      lastName: `Editor-${crm.token}`,
      email: `edith.${crm.token}@example.com`,
      phone: "+44 161 496 0000",
      company: `Edit ${crm.token} Ltd`,
      position: "Clerk",
    });
    await signInToContacts(page, crm, `/contacts?q=${crm.token}`);
    const edithCard = card(page, `Editor-${crm.token}`);
    await edithCard.getByRole("link", { name: "Edit", exact: true }).click();
    let edit = dialog(page, "Edit Contact: Edith");
    await expect(edit).toBeVisible();
    expect(params(page)).toEqual({ q: crm.token, edit: contact.id });
    await expect(edit.getByLabel("First Name", { exact: true })).toHaveValue("Edith");
    await expect(edit.getByLabel("Last Name", { exact: true })).toHaveValue(`Editor-${crm.token}`);
    await expect(edit.getByLabel("Email", { exact: true })).toHaveValue(contact.email);
    await expect(edit.getByLabel("Phone", { exact: true })).toHaveValue("+44 161 496 0000");
    await expect(edit.getByLabel("Company", { exact: true })).toHaveValue(`Edit ${crm.token} Ltd`);
    await expect(edit.getByLabel("Position", { exact: true })).toHaveValue("Clerk");
    await expect(edit.getByRole("button", { name: "Save Changes" })).toBeVisible();
    await expectAccessible(page);

    await edit.getByLabel("Position", { exact: true }).fill("Not saved");
    await edit.getByRole("link", { name: "Cancel" }).click();
    await expect(edit).toHaveCount(0);
    expect(params(page)).toEqual({ q: crm.token });
    await expect(edithCard.getByText("Clerk", { exact: true })).toBeVisible();

    await edithCard.getByRole("link", { name: "Edit", exact: true }).click();
    edit = dialog(page, "Edit Contact: Edith");
    await expect(edit.getByLabel("Position", { exact: true })).toHaveValue("Clerk");
    await edit.getByLabel("First Name", { exact: true }).fill("Edwina");
    await edit.getByLabel("Email", { exact: true }).fill("");
    await edit.getByLabel("Position", { exact: true }).fill("Head Clerk");
    await edit.getByLabel("Company", { exact: true }).fill(`Edited ${crm.token} Ltd`);
    await edit.getByRole("button", { name: "Save Changes" }).click();

    await expect(toast(page, "Contact updated successfully")).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(dialog(page, "Edit Contact: Edwina")).toHaveCount(0);
    expect(params(page)).toEqual({ q: crm.token });
    await expect(edithCard.getByText(`Edwina Editor-${crm.token}`, { exact: true })).toBeVisible();
    await expect(edithCard.getByText("Head Clerk", { exact: true })).toBeVisible();
    await expect(edithCard.getByRole("heading", { level: 2 })).toHaveText(`Edited ${crm.token} Ltd`);
    // The blank e-mail was not sent: the stored one stays.
    await expect(edithCard.getByText(contact.email, { exact: true })).toBeVisible();
    const [stored] = await findContacts(crm, `Editor-${crm.token}`);
    expect(stored).toMatchObject({
      id: contact.id,
      firstName: "Edwina",
      email: contact.email,
      phone: "+44 161 496 0000",
      company: `Edited ${crm.token} Ltd`,
      position: "Head Clerk",
    });

    // Reopened, the dialog shows what was saved.
    await edithCard.getByRole("link", { name: "Edit", exact: true }).click();
    edit = dialog(page, "Edit Contact: Edwina");
    await expect(edit.getByLabel("Email", { exact: true })).toHaveValue(contact.email);
    await expect(edit.getByLabel("Position", { exact: true })).toHaveValue("Head Clerk");
  });
});

test.describe("Add New Contact", () => {
  test("shows the required fields' messages, then creates the contact", async ({ page, crm }) => {
    await signInToContacts(page, crm, `/contacts?q=${crm.token}`);
    await expect(page.getByText("No contacts match the current search.", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Add New Contact" }).click();
    const add = dialog(page, "Add New Contact");
    await expect(add).toBeVisible();
    expect(params(page)).toEqual({ q: crm.token, new: "contact" });
    await expect(add.getByText("New contact for Tailored Slate & Stone")).toBeVisible();

    await add.getByRole("button", { name: "Create Contact", exact: true }).click();
    await expect(add.getByLabel("First Name", { exact: true })).toHaveAccessibleDescription(
      "First name is required",
    );
    await expect(add.getByLabel("Last Name", { exact: true })).toHaveAccessibleDescription(
      "Last name is required",
    );
    await expect(add.getByLabel("Company", { exact: true })).toHaveAccessibleDescription(
      "Company is required",
    );
    await expect(add.getByLabel("Company", { exact: true })).toHaveAttribute("aria-invalid", "true");
    // E-mail is optional.
    await expect(add.getByLabel("Email", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await expect(toast(page, "Contact created successfully")).toHaveCount(0);
    await expectAccessible(page);

    await add.getByLabel("First Name", { exact: true }).fill("Charles");
    await add.getByLabel("Last Name", { exact: true }).fill(`Babbage-${crm.token}`);
    await add.getByLabel("Email", { exact: true }).fill(`charles.${crm.token}@example.com`);
    await add.getByLabel("Phone", { exact: true }).fill("+44 20 7946 0555");
    await add.getByLabel("Company", { exact: true }).fill(`Difference ${crm.token} Engines`);
    await add.getByLabel("Position", { exact: true }).fill("Inventor");
    if (noJs()) {
      await add.getByRole("button", { name: "Create Contact", exact: true }).click();
    } else {
      // While one button's submission is on its way, the other waits too: two clicks would make two contacts.
      const release = await holdRequests(page, "**/contacts.data**");
      await add.getByRole("button", { name: "Create Contact", exact: true }).click();
      await expect(add.getByRole("button", { name: "Create Contact & Add Lead" })).toBeDisabled();
      release();
    }

    await expect(toast(page, "Contact created successfully")).toBeVisible();
    await expect(add).toHaveCount(0);
    expect(params(page)).toEqual({ q: crm.token });
    await expect(cards(page)).toHaveCount(1);
    const created = card(page, `Charles Babbage-${crm.token}`);
    await expect(created.getByRole("heading", { level: 2 })).toHaveText(`Difference ${crm.token} Engines`);
    await expect(created.getByText("Inventor", { exact: true })).toBeVisible();
    await expect(created.getByText("+44 20 7946 0555", { exact: true })).toBeVisible();
    await expect(created.getByText(`charles.${crm.token}@example.com`, { exact: true })).toBeVisible();
    await expect(created.getByText("No related leads", { exact: true })).toBeVisible();
  });

  test("a create the server refuses shows the server's message, the form kept", async ({
    page,
    baseURL,
    crm,
  }) => {
    const user = await createUser(baseURL!, { companies: ["TSS", "NLH"] });
    await signIn(page, user, "/contacts?new=contact", "Contact Management");
    const add = dialog(page, "Add New Contact");
    await expect(add.getByText("New contact for Tailored Slate & Stone")).toBeVisible();
    await add.getByLabel("First Name", { exact: true }).fill("Ada");
    await add.getByLabel("Last Name", { exact: true }).fill(`Refused-${crm.token}`);
    await add.getByLabel("Company", { exact: true }).fill(`Refused ${crm.token} Ltd`);
    // While the dialog is open, an administrator takes TSS away.
    const admin = await signedInApi(baseURL!, ADMIN);
    const revoked = await admin.delete(`/api/admin/users/${user.id}/company-access/TSS`);
    expect(revoked.status(), await revoked.text()).toBe(200);
    await admin.dispose();

    await add.getByRole("button", { name: "Create Contact", exact: true }).click();
    // SPEC.md section 8: the server's message, not 'Failed to create contact'.
    if (!noJs()) await expect(toast(page, "Forbidden")).toBeVisible();
    await expect(add.locator("form").getByRole("alert")).toHaveText("Forbidden");
    await expect(add.getByLabel("Company", { exact: true })).toHaveValue(`Refused ${crm.token} Ltd`);
    await expect(page.getByText("Failed to create contact")).toHaveCount(0);
  });

  test("'Create Contact & Add Lead' needs names and company; then saves and opens Add New Lead filled in", async ({
    page,
    crm,
  }) => {
    await signInToContacts(page, crm, `/contacts?q=${crm.token}`);
    await page.getByRole("link", { name: "Add New Contact" }).click();
    const add = dialog(page, "Add New Contact");
    const andLead = add.getByRole("button", { name: "Create Contact & Add Lead" });
    await add.getByLabel("First Name", { exact: true }).fill("Lydia");
    await andLead.click();
    if (noJs()) {
      // Without JavaScript the server says it in the form, the toast's title too.
      const message = add.getByRole("alert").filter({ hasText: "Missing Information" });
      await expect(message.getByText("Missing Information", { exact: true })).toBeVisible();
      await expect(
        message.getByText("Please fill in first name, last name, and company before creating a lead."),
      ).toBeVisible();
    } else {
      await expect(toast(page, "Missing Information")).toBeVisible();
      await expect(
        toast(page, "Please fill in first name, last name, and company before creating a lead."),
      ).toBeVisible();
    }
    await expect(add.getByLabel("Last Name", { exact: true })).toHaveAccessibleDescription(
      "Last name is required",
    );
    await expect(add.getByLabel("Company", { exact: true })).toHaveAccessibleDescription(
      "Company is required",
    );
    await expect(add.getByLabel("First Name", { exact: true })).toHaveValue("Lydia");
    await expect(dialog(page, "Add New Lead")).toHaveCount(0);
    expect(await findContacts(crm, crm.token)).toEqual([]);

    const lastName = `Leader-${crm.token}`;
    const company = `Lead ${crm.token} Slate`;
    const email = `lydia.${crm.token}@example.com`;
    await add.getByLabel("Last Name", { exact: true }).fill(lastName);
    await add.getByLabel("Email", { exact: true }).fill(email);
    await add.getByLabel("Phone", { exact: true }).fill("+44 29 2018 0000");
    await add.getByLabel("Company", { exact: true }).fill(company);
    await add.getByLabel("Position", { exact: true }).fill("Owner");
    await andLead.click();

    await expect(toast(page, "Contact Saved")).toBeVisible();
    await expect(toast(page, "Contact created. You can now create a lead for this company.")).toBeVisible();
    const leadDialog = dialog(page, "Add New Lead");
    await expect(leadDialog).toBeVisible();
    await expect(add).toHaveCount(0);
    const [contact] = await findContacts(crm, crm.token);
    expect(contact).toMatchObject({ firstName: "Lydia", lastName, email, company, position: "Owner" });
    expect(params(page)).toMatchObject({ new: "lead", contact: contact.id });
    await expect(leadDialog.getByLabel("First Name", { exact: true })).toHaveValue("Lydia");
    await expect(leadDialog.getByLabel("Last Name", { exact: true })).toHaveValue(lastName);
    await expect(leadDialog.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(leadDialog.getByLabel("Company", { exact: true })).toHaveValue(company);
    await expectAccessible(page);

    await leadDialog.getByLabel("Estimated Value (£)").fill("640");
    await leadDialog.getByRole("button", { name: "Create Lead" }).click();
    await expect(toast(page, "Lead created successfully")).toBeVisible();
    await expect(leadDialog).toHaveCount(0);
    expect(pathname(page)).toBe("/contacts");

    // The new lead's main contact is the contact just saved (and no second contact was made for it).
    const leadsResponse = await crm.api.get(`/api/leads/TSS?${new URLSearchParams({ search: crm.token })}`);
    const leads = (await leadsResponse.json()) as { id: string; firstName: string; lastName: string }[];
    expect(leads.map((lead) => `${lead.firstName} ${lead.lastName}`)).toEqual([`Lydia ${lastName}`]);
    const detail = await crm.api.get(`/api/leads/detail/${leads[0].id}`);
    expect(detail.status()).toBe(200);
    expect((await detail.json()).mainContactId).toBe(contact.id);
    expect((await findContacts(crm, crm.token)).map((c) => c.id)).toEqual([contact.id]);

    await searchContacts(page, crm.token);
    await expect(relatedLines(card(page, `Lydia ${lastName}`))).toHaveText([
      `★Main contact:Lydia ${lastName}New`,
    ]);
  });
});

test.describe("Lead Reports", () => {
  test("counts by status; a report lists its leads by the menu with 'View Details' over the page and 'Clear Filter'", async ({
    page,
    crm,
  }) => {
    await signInToContacts(page, crm);
    const before = await reportCounts(page);

    await crm.lead("Priya", "Proposal", { status: "PROPOSAL" });
    const won = await crm.lead("Winston", "Won", { status: "CLOSED_WON", estimatedValue: 3000 });
    await crm.lead("Lola", "Lost", { status: "CLOSED_LOST" });

    await visit(page, "/contacts");
    await expect(leadReports(page)).not.toHaveAttribute("open");
    const after = await reportCounts(page);
    await expect(leadReports(page)).toHaveAttribute("open");
    expect(after).toEqual({
      ...before,
      "All Leads": before["All Leads"] + 3,
      "Proposal Sent": before["Proposal Sent"] + 1,
      Won: before.Won + 1,
      Lost: before.Lost + 1,
    });
    await expect(page.getByRole("region", { name: "Lead report" })).toHaveCount(0);
    await expectAccessible(page);

    await leadReports(page).getByRole("link", { name: /^Won/ }).click();
    const report = page.getByRole("region", { name: "Lead report" });
    await expect(report).toBeVisible();
    // The menu closes behind the choice, with JavaScript too.
    await expect(leadReports(page)).not.toHaveAttribute("open");
    await expect.poll(() => params(page)).toEqual({ report: "CLOSED_WON" });
    await expect(
      report.getByRole("heading", { name: `Won (${after.Won.toLocaleString("en-GB")})` }),
    ).toBeVisible();
    const items = report.getByRole("listitem");
    await expect(items.first()).toContainText(`Winston Won-${crm.token}`);
    await expect(items.first()).toContainText(`Slate ${crm.token} Ltd · £3,000.00`);
    await expect(items.first().getByRole("link", { name: "View Details" })).toHaveAttribute(
      "href",
      `/contacts/lead/${won.id}?report=CLOSED_WON`,
    );
    // Every lead listed is a won one.
    for (const text of await items.allTextContents()) expect(text).toContain("Closed Won");
    await expect(report.getByText(`Lola Lost-${crm.token}`)).toHaveCount(0);
    // Where the eye is: right under the menu, above the search and the grid; with JavaScript it has the focus.
    await expect(section(page, "Contacts")).toBeVisible();
    const menuBox = (await leadReports(page).boundingBox())!;
    const reportBox = (await report.boundingBox())!;
    expect(reportBox.y).toBeGreaterThan(menuBox.y);
    expect(reportBox.y).toBeLessThan(
      (await page.getByRole("searchbox", { name: "Search contacts" }).boundingBox())!.y,
    );
    expect(reportBox.y).toBeLessThan(page.viewportSize()!.height / 2);
    if (!noJs()) await expect(report).toBeFocused();
    await expectAccessible(page);

    await report.getByRole("link", { name: "Clear Filter" }).click();
    await expect(report).toHaveCount(0);
    await expect.poll(() => params(page)).toEqual({});

    // Another report, and a lead opened from it.
    await openReports(page);
    await leadReports(page).getByRole("link", { name: /^Lost/ }).click();
    await expect.poll(() => params(page)).toEqual({ report: "CLOSED_LOST" });
    await expect(
      report.getByRole("heading", { name: `Lost (${after.Lost.toLocaleString("en-GB")})` }),
    ).toBeVisible();
    await expect(report.getByText(`Winston Won-${crm.token}`)).toHaveCount(0);
    await report
      .getByRole("listitem")
      .filter({ hasText: `Lola Lost-${crm.token}` })
      .getByRole("link", { name: "View Details" })
      .click();
    const lola = dialog(page, `Lola Lost-${crm.token}`);
    await expect(lola).toBeVisible();
    expect(pathname(page)).toMatch(/^\/contacts\/lead\/[0-9a-f-]{36}$/);
    await lola.getByRole("link", { name: "Close" }).click();
    await expect(lola).toHaveCount(0);
    expect(pathname(page)).toBe("/contacts");
    expect(params(page)).toEqual({ report: "CLOSED_LOST" });
    await expect(report.getByText(`Lola Lost-${crm.token}`)).toBeVisible();
  });

  test("a search keeps the chosen report, and the reports keep the search", async ({ page, crm }) => {
    await createContact(crm, {
      firstName: "Sam",
      lastName: `Search-${crm.token}`,
      company: `Keep ${crm.token}`,
    });
    await crm.lead("Quinn", "Qualified", { status: "QUALIFIED" });
    await signInToContacts(page, crm, "/contacts?report=QUALIFIED");
    const report = page.getByRole("region", { name: "Lead report" });
    await expect(report.getByText(`Quinn Qualified-${crm.token}`)).toBeVisible();
    await searchContacts(page, `Search-${crm.token}`);
    expect(params(page)).toEqual({ q: `Search-${crm.token}`, report: "QUALIFIED" });
    await expect(cards(page)).toHaveCount(1);
    await expect(report.getByText(`Quinn Qualified-${crm.token}`)).toBeVisible();
    // And the reports keep the search.
    await openReports(page);
    await expect(leadReports(page).getByRole("link", { name: /^Won/ })).toHaveAttribute(
      "href",
      `/contacts?${new URLSearchParams({ q: `Search-${crm.token}`, report: "CLOSED_WON" })}`,
    );
  });
});

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  /** No element reaches past the viewport's right edge, and no inner scroll box scrolls sideways. */
  async function expectNoHorizontalOverflow(page: Page) {
    const wide = await page.evaluate(() => {
      const name = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].join(".")}`;
      return [...document.querySelectorAll("body *")].flatMap((element) => {
        const { right, width } = element.getBoundingClientRect();
        const { overflowX } = getComputedStyle(element);
        const problems = [];
        if (width > 0 && right > window.innerWidth) problems.push(`${name(element)} ends at ${right}`);
        if (/auto|scroll/.test(overflowX) && element.scrollWidth > element.clientWidth + 1)
          problems.push(`${name(element)} scrolls ${element.scrollWidth} in ${element.clientWidth}`);
        return problems;
      });
    });
    expect(wide).toEqual([]);
  }

  /** A contact with long words everywhere (a real surname among them), at a company with a lead. */
  async function longContact(crm: Crm) {
    const company = `Extraordinarily Long Natural Slate Company Name ${crm.token} Limited`;
    const contact = await createContact(crm, {
      firstName: "Bartholomew",
      lastName: "Featherstonehaugh",
      email: `bartholomew.featherstonehaugh.${crm.token}@a-very-long-domain-name.example.com`,
      phone: "+44 20 7946 0999",
      company,
      position: "Senior Procurement and Logistics Coordinator",
    });
    await crm.lead("Jo", "Lo", { company });
    return contact;
  }

  test("the grid, its pager, the table view and the dialogs fit", async ({ page, crm }) => {
    const contact = await longContact(crm);
    // 25 contacts in all: two pages of 24.
    await Promise.all(
      Array.from({ length: 23 }, (_, i) =>
        createContact(crm, {
          firstName: "Paige",
          lastName: `Pager${i}-${crm.token}`,
          company: `Zz ${crm.token}`,
        }),
      ),
    );
    await signInToContacts(page, crm, `/contacts?q=${crm.token}`);
    await expect(cards(page)).toHaveCount(24);
    const long = card(page, "Bartholomew Featherstonehaugh");
    await expect(long).toBeVisible();
    // The long address is cut where the card ends, the whole of it in the title; expanded, all of it wraps.
    const email = long.getByText(contact.email, { exact: true });
    expect(await email.evaluate((span) => span.scrollWidth > span.clientWidth)).toBe(true);
    await expect(long.getByTitle(contact.email)).toBeVisible();
    const pager = page.getByRole("navigation", { name: "Pages" });
    await expect(page.getByText("Showing 1 to 24 of 25 results", { exact: true })).toBeVisible();
    await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    // A page number jumps to that page.
    await pager.getByRole("link", { name: "Page 2" }).click();
    await expect(page.getByText("Showing 25 to 25 of 25 results", { exact: true })).toBeVisible();
    expect(params(page)).toEqual({ q: crm.token, page: "2" });
    await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("link", { name: "Page 1" })).not.toHaveAttribute("aria-current");
    await expect(cards(page)).toHaveCount(1);

    // The table view is cards on a phone.
    await visit(page, `/contacts?q=${crm.token}&layout=table&expanded=${contact.id}`);
    await expect(cards(page)).toHaveCount(24);
    await expect(page.getByRole("region", { name: "Contacts table" })).toBeHidden();
    expect(await email.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true);
    await expectNoHorizontalOverflow(page);

    await card(page, "Bartholomew Featherstonehaugh")
      .getByRole("link", { name: "Edit", exact: true })
      .click();
    await expect(dialog(page, "Edit Contact: Bartholomew")).toBeVisible();
    await expect(dialog(page, "Edit Contact: Bartholomew").getByLabel("Email", { exact: true })).toHaveValue(
      contact.email,
    );
    await expectNoHorizontalOverflow(page);

    await visit(page, `/contacts?q=${crm.token}&new=contact`);
    await expect(dialog(page, "Add New Contact")).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test("the full-screen contact fits, a long surname included", async ({ page, crm }) => {
    const contact = await longContact(crm);
    await signInToContacts(page, crm, `/contacts?q=${crm.token}`);
    await card(page, "Bartholomew Featherstonehaugh")
      .getByRole("link", { name: "View", exact: true })
      .click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Bartholomew Featherstonehaugh" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: contact.email })).toBeVisible();
    await expect(page.getByRole("link", { name: "Jump to Lead" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    // The related lead is a card of its own: name, company and value, status, then its button, stacked.
    const lead = page.getByRole("region", { name: "Related Leads" }).getByRole("listitem");
    const nameBox = (await lead.getByRole("link", { name: /^Jo Lo-/ }).boundingBox())!;
    const buttonBox = (await lead.getByRole("link", { name: "Jump to Lead" }).boundingBox())!;
    expect(buttonBox.y).toBeGreaterThan(nameBox.y + nameBox.height);
    // The lead opened over the contact fits too.
    await lead.getByRole("link", { name: /^Jo Lo-/ }).click();
    await expect(page.getByRole("dialog", { name: /^Jo Lo-/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test("the Lead Reports menu opens on screen, every report readable", async ({ page, crm }) => {
    await signInToContacts(page, crm, `/contacts?q=${crm.token}`);
    await page.locator("summary", { hasText: "Lead Reports" }).click();
    const menu = page.getByRole("list").filter({ has: page.getByRole("link", { name: /^All Leads/ }) });
    await expect(menu).toBeVisible();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
});

// Dates are the reader's days (utils/format.ts). Far east and far west of UTC: at any hour, at least one of
// the two is on another day than UTC.
for (const timezoneId of ["Pacific/Kiritimati", "Etc/GMT+12"]) {
  test.describe(`read in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("a card's 'Added' date is today where the reader is", async ({ page, crm, baseURL }) => {
      if (noJs()) {
        // The browser tells the server its zone through a cookie its script writes (components/time-zone.tsx);
        // without JavaScript it cannot, so the test stands for a browser that has.
        await page
          .context()
          .addCookies([{ name: "tz", value: encodeURIComponent(timezoneId), url: baseURL! }]);
      }
      const lastName = `Zone-${crm.token}`;
      await createContact(crm, { firstName: "Zoe", lastName, company: `Zone ${crm.token}` });
      await signInToContacts(page, crm, `/contacts?q=${crm.token}`);
      const today = new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: timezoneId,
      }).format(new Date());
      await expect(card(page, lastName).getByText(`Added ${today}`, { exact: true })).toBeVisible();
    });
  });
}
