import { vi } from "vitest";

/** Counts the Intl.DateTimeFormat objects made from now until the spy's `mockRestore()`. */
export function countFormattersMade() {
  const Original = Intl.DateTimeFormat;
  return vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (
    ...args: ConstructorParameters<typeof Original>
  ) {
    return new Original(...args);
  } as typeof Original);
}
