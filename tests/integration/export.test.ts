// Export Report (CONTRACT.md): GET /api/leads/{division}/export.csv, RFC 4180 CSV of the division's leads with
// formula-injection escaping, as a streamed attachment, recorded in the audit log.
import { describe, expect, it } from "vitest";
import { ApiClient, baseUrl } from "../support/api-client";
import { databaseUrl, testSql } from "../support/database";
import { createLead, uniqueToken, userWith } from "../support/leads";

const HEADER =
  "ID,First Name,Last Name,Email,Phone,Company,Position,Status,Estimated Value (GBP),Owner,Assigned To,Created,Last Update,Archived";

/** Parses RFC 4180 CSV (quoted fields with doubled quotes, CRLF rows, line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
      i++;
    } else {
      cell += char;
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

async function exportCsv(client: ApiClient, division = "TSS") {
  const response = await fetch(`${baseUrl()}/api/leads/${division}/export.csv`, {
    headers: { cookie: client.cookie! },
  });
  return { response, text: await response.text() };
}

describe("GET /api/leads/{division}/export.csv", () => {
  it("is a CSV attachment whose first row is CONTRACT.md's header", async () => {
    const { client } = await userWith(["TSS"]);
    const { response, text } = await exportCsv(client);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="tss-leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(text.startsWith(`${HEADER}\r\n`)).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("writes every field of a lead, quoting commas, quotes and line breaks", async () => {
    const { client, user } = await userWith(["TSS"], { firstName: "Owen", lastName: "Owner" });
    const token = uniqueToken("csv");
    const lead = await createLead(client, {
      firstName: 'Anne "Nan"',
      lastName: `Smith, ${token}`,
      company: `Slate, Stone & "Co" ${token}`,
      position: "Head\nof Buying",
      phone: "01632 960123",
      status: "PROPOSAL",
      estimatedValue: 1234.5,
      notes: "kept out of the export",
      assignedToId: user.id,
    });
    const rows = parseCsv((await exportCsv(client)).text);
    expect(rows[0]).toEqual(HEADER.split(","));
    const row = rows.find((cells) => cells[0] === lead.id)!;
    expect(row).toEqual([
      lead.id,
      'Anne "Nan"',
      `Smith, ${token}`,
      lead.email,
      "01632 960123",
      `Slate, Stone & "Co" ${token}`,
      "Head\nof Buying",
      "Proposal Sent",
      "1234.50",
      "Owen Owner",
      "Owen Owner",
      lead.createdAt,
      lead.updatedAt,
      "No",
    ]);
  });

  it("quotes a cell holding a semicolon or a tab, which spreadsheets in many locales split on", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("semicolon");
    const lead = await createLead(client, { company: `Müller; Söhne ${token}`, position: "Head\tof Sales" });
    const { text } = await exportCsv(client);
    const line = text.split("\r\n").find((row) => row.startsWith(lead.id))!;
    expect(line).toContain(`,"Müller; Söhne ${token}",`);
    expect(line).toContain(`,"Head\tof Sales",`);
    const row = parseCsv(text).find((cells) => cells[0] === lead.id)!;
    expect(row[5]).toBe(`Müller; Söhne ${token}`);
  });

  it("defuses cells a spreadsheet would run as a formula with a leading '", async () => {
    const { client } = await userWith(["TSS"]);
    const token = uniqueToken("formula");
    const lead = await createLead(client, {
      firstName: '=HYPERLINK("http://evil.example","x")',
      lastName: "+SUM(1,2)",
      company: `-${token}`,
      position: "@cmd",
      phone: "+44 117 496 0000",
    });
    const row = parseCsv((await exportCsv(client)).text).find((cells) => cells[0] === lead.id)!;
    expect(row.slice(1, 3)).toEqual(['\'=HYPERLINK("http://evil.example","x")', "'+SUM(1,2)"]);
    expect(row[4]).toBe("'+44 117 496 0000");
    expect(row[5]).toBe(`'-${token}`);
    expect(row[6]).toBe("'@cmd");
  });

  it("holds the division's leads, active and archived, and nothing of the other division", async () => {
    const { client } = await userWith(["TSS", "NLH"]);
    const token = uniqueToken("scope");
    const active = await createLead(client, { company: `${token} active` });
    const archived = await createLead(client, { company: `${token} archived` });
    await client.delete(`/api/leads/${archived.id}`);
    const other = await createLead(client, { company: `${token} north`, companyDivision: "NLH" });
    const tss = parseCsv((await exportCsv(client)).text);
    const ids = new Set(tss.map((cells) => cells[0]));
    expect(ids.has(active.id)).toBe(true);
    expect(ids.has(other.id)).toBe(false);
    expect(tss.find((cells) => cells[0] === archived.id)?.[13]).toBe("Yes");
    expect(tss.every((cells, index) => index === 0 || cells.length === 14)).toBe(true);
    const nlh = parseCsv((await exportCsv(client, "NLH")).text);
    expect(nlh.some((cells) => cells[0] === other.id)).toBe(true);
    expect(nlh.some((cells) => cells[0] === active.id)).toBe(false);
  });

  it("answers 401 signed out, 403 for a division not in access, 400 for an unknown one", async () => {
    expect((await new ApiClient().get("/api/leads/TSS/export.csv")).status).toBe(401);
    const { client } = await userWith(["NLH"]);
    expect((await client.get("/api/leads/TSS/export.csv")).status).toBe(403);
    expect((await client.get("/api/leads/XYZ/export.csv")).body).toEqual({ message: "Unknown division" });
  });

  it.runIf(databaseUrl())("is recorded in the audit log (a HEAD request is not an export)", async () => {
    const { client, user } = await userWith(["TSS"]);
    await exportCsv(client);
    await fetch(`${baseUrl()}/api/leads/TSS/export.csv`, {
      method: "HEAD",
      headers: { cookie: client.cookie! },
    });
    const rows = await testSql()`
      select action, resource from audit_log where user_id = ${user.id} and action = 'DATA_EXPORT'`;
    expect(rows).toEqual([{ action: "DATA_EXPORT", resource: "leads:TSS" }]);
  });
});
