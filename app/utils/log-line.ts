/**
 * Log lines that a client's input cannot forge (docs/security.md "Logs"): a value put into a line has its
 * control characters (line breaks, carriage returns, escape sequences, the Unicode line separators) written
 * as escapes, so it can neither start a line of its own nor rewrite the terminal.
 */

// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** `value` as text with its control characters escaped. */
export function printable(value: unknown): string {
  return String(value).replace(
    CONTROL,
    (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** A tagged template: the literal text as written, every interpolated value made printable. */
export function logLine(strings: TemplateStringsArray, ...values: unknown[]): string {
  let line = strings[0];
  for (let i = 0; i < values.length; i++) line += printable(values[i]) + strings[i + 1];
  return line;
}

/**
 * An error for the log: its name and printable message on the first line, then its stack frames (which
 * hold file names and line numbers, never input), and the same for its cause.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return printable(error);
  const head = `${error.name}: ${error.message}`;
  const stack = error.stack ?? "";
  const frames = stack.startsWith(head) ? stack.slice(head.length) : stack.replace(/^[^]*?(?=\n\s+at )/, "");
  const cause = error.cause === undefined ? "" : `\nCaused by ${describeError(error.cause)}`;
  return `${error.name}: ${printable(error.message)}${frames.split("\n").map(printable).join("\n")}${cause}`;
}
