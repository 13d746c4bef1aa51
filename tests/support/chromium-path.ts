import fs from "node:fs";

/**
 * Debian's browsers, lightest first: the headless shell (Chromium's old headless mode, the build Playwright's
 * own download uses for headless runs) takes about half the CPU of the full browser under the same tests.
 */
export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

/** CHROMIUM_PATH, else the first Debian browser installed (the headless shell's path if there is none). */
export function chromiumPath() {
  return (
    process.env.CHROMIUM_PATH ||
    CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate)) ||
    CHROMIUM_CANDIDATES[0]
  );
}
