import { describe, expect, it } from "vitest";
import { describeError, logLine, printable } from "./log-line";

describe("log lines", () => {
  it("escape every control character of a value, so input cannot start a line or move the cursor", () => {
    const forged = "Ann\nINFO user admin@example.com signed in\r\u001b[2K\u2028end\u0000";
    const line = logLine`Client went away: GET ${forged}`;
    expect(line).toBe(
      "Client went away: GET Ann\\nINFO user admin@example.com signed in\\r\\u001b[2K\\u2028end\\u0000",
    );
    expect([...line].some((char) => "\n\r\u001b\u2028\u0000".includes(char))).toBe(false);
    expect(printable(42)).toBe("42");
  });

  it("give an error's message on its first line and keep its stack frames", () => {
    const error = new Error('invalid input syntax for type uuid: "x\nERROR forged"');
    const text = describeError(error);
    const [first, ...frames] = text.split("\n");
    expect(first).toBe('Error: invalid input syntax for type uuid: "x\\nERROR forged"');
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((frame) => /^\s+at /.test(frame))).toBe(true);
    expect(describeError(new Error("outer", { cause: new Error("inner\nforged") }))).toContain(
      "Caused by Error: inner\\nforged",
    );
    expect(describeError("plain\nstring")).toBe("plain\\nstring");
  });
});
