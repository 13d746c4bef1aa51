import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("csvCell", () => {
  it("leaves plain text alone and writes nothing for no value", () => {
    expect(csvCell("Harrow Roofing Ltd")).toBe("Harrow Roofing Ltd");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });
  it("quotes commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvCell("Smith, Jones & Co")).toBe('"Smith, Jones & Co"');
    expect(csvCell('The "Slate" Shop')).toBe('"The ""Slate"" Shop"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });
  it("quotes a semicolon or a tab, which spreadsheets in many locales split on", () => {
    expect(csvCell("Müller; Söhne GmbH")).toBe('"Müller; Söhne GmbH"');
    expect(csvCell("Slate\tand Stone")).toBe('"Slate\tand Stone"');
  });
  it("defuses cells a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}SUM(A1:A2)`).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell("+44 117 496 0000")).toBe("'+44 117 496 0000");
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("csvRow", () => {
  it("joins cells with commas and ends with CRLF", () => {
    expect(csvRow(["a", "b,c", null, 3])).toBe('a,"b,c",,3\r\n');
  });
});
