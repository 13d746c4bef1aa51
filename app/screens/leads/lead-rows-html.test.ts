import { describe, expect, it } from "vitest";
import { leadsView } from "./leads-view";
import { leadRowsHtml, type ListLead } from "./lead-rows-html";

const lead: ListLead = {
  id: "00000000-0000-4000-8000-000000000001",
  firstName: "Ada",
  lastName: "<Lovelace>",
  email: "ada@example.com",
  company: `Analytical & "Engines"`,
  status: "QUALIFIED",
  estimatedValue: "12500.5",
  createdBy: { id: "u1", firstName: "Sam", lastName: "Seller" },
  assignedTo: { id: "u2", firstName: "Alex", lastName: "Agent" },
  updatedAt: new Date(),
  archivedAt: null,
};

describe("leadRowsHtml", () => {
  it("writes a row with its box, texts, badge and actions, every text escaped", () => {
    const view = leadsView.read(new URLSearchParams("q=ada&sort=company"));
    const row = leadRowsHtml([lead], view, "Europe/London");
    expect(row).toContain(
      `<input type="checkbox" name="ids" form="bulk-form" aria-label="Select Ada &lt;Lovelace&gt;" value="${lead.id}"/>`,
    );
    // The company and the name open the lead, keeping the list's state, as View does.
    const open = `href="/leads/${lead.id}?q=ada&amp;sort=company" data-app-link="keep-scroll" data-discover="true"`;
    expect(row).toContain(`<a class="lead-link" ${open}>Analytical &amp; &quot;Engines&quot;</a>`);
    expect(row).toContain(`<a class="lead-link" ${open}>Ada &lt;Lovelace&gt;</a>`);
    expect(row).toContain(`<span class="avatar" aria-hidden="true">A&lt;</span>`);
    expect(row).toContain(`<span class="badge badge-QUALIFIED">Qualified</span>`);
    expect(row).toContain("£12,500.50");
    expect(row).toContain(`<p>Sam Seller</p><p class="muted">Assigned: Alex Agent</p>`);
    expect(row).toContain(` data-label="Last Update">Today</td>`);
    // The actions keep the list's state; the active tab archives.
    expect(row).toContain(`href="/leads/${lead.id}?q=ada&amp;sort=company"`);
    expect(row).toContain(`href="/leads/${lead.id}?q=ada&amp;sort=company&amp;edit=true"`);
    expect(row).toContain(`href="/leads?q=ada&amp;sort=company&amp;confirm=archive&amp;target=${lead.id}"`);
    expect(row).toContain(`aria-label="Archive Ada &lt;Lovelace&gt;"`);
    expect(row).not.toContain("<Lovelace>");
  });

  it("in the Archive: a restore action; an unassigned lead says so; one row per lead", () => {
    const view = leadsView.read(new URLSearchParams("tab=archive"));
    const archived = { ...lead, assignedTo: null, archivedAt: new Date() };
    const rows = leadRowsHtml(
      [archived, { ...archived, id: "00000000-0000-4000-8000-000000000002" }],
      view,
      "Europe/London",
    );
    expect(rows.match(/<tr /g)).toHaveLength(2);
    expect(rows).toContain(`aria-label="Restore Ada &lt;Lovelace&gt;"`);
    expect(rows).not.toContain("Archive Ada");
    expect(rows).toContain(`<p>Sam Seller</p><p class="muted">Unassigned</p>`);
    expect(rows).toContain(` data-label="Archived Date">Today</td>`);
    expect(rows).toContain(`href="/leads/${lead.id}?tab=archive"`);
    expect(rows).toContain(`href="/leads/${lead.id}?tab=archive&amp;edit=true"`);
    expect(rows).toContain(`href="/leads?tab=archive&amp;confirm=restore&amp;target=${lead.id}"`);
    expect(rows).toContain(
      `href="/leads?tab=archive&amp;confirm=restore&amp;target=00000000-0000-4000-8000-000000000002"`,
    );
  });

  it("in the default view, the links carry only what the action needs", () => {
    const row = leadRowsHtml([lead], leadsView.read(new URLSearchParams()), "Europe/London");
    expect(row).toContain(`href="/leads/${lead.id}"`);
    expect(row).toContain(`href="/leads/${lead.id}?edit=true"`);
    expect(row).toContain(`href="/leads?confirm=archive&amp;target=${lead.id}"`);
  });
});
