/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote
 * or a line break, its quotes doubled), with the usual guard against formula injection: a cell that a
 * spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return) gets a leading '.
 * A semicolon or a tab is quoted too: Excel in many locales (German, French ...) opens a .csv split on
 * semicolons, and some tools on tabs, and would split such a cell in two.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
