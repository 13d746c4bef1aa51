// The dependency patches (patches/*.patch, applied on install by scripts/apply-patches.mjs): this install has
// them all, and the app refuses to start, in one line naming the fix, where one is missing.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dependencyPatches, unappliedPatchMessage } from "../../scripts/dependency-patches.mjs";

describe("the dependency patches", () => {
  it("are all applied to this install", () => {
    expect(dependencyPatches().length).toBeGreaterThan(0);
    expect(unappliedPatchMessage()).toBeNull();
  });

  it("keep the app from starting where one is not applied, with a one-line message naming the command", () => {
    // A folder holding the patches and the files they change, as installed here; then one patch taken back
    // out (`git apply -R`), as `npm ci --ignore-scripts` would have left its files.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "crm-patches-"));
    const patches = dependencyPatches();
    for (const patch of patches) {
      for (const file of [patch.file, ...patch.files]) {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.copyFileSync(file, path.join(root, file));
      }
    }
    const unpatched = patches.find((patch) => patch.packageName === "postgres")!;
    execFileSync("git", ["apply", "-R", unpatched.file], { cwd: root });
    expect(unappliedPatchMessage(root)).toContain(unpatched.file);

    const tsx = createRequire(import.meta.url).resolve("tsx");
    const started = spawnSync(process.execPath, ["--import", tsx, path.resolve("server.ts")], {
      cwd: root,
      // The project's tsconfig.json, for the app's `~/` imports: tsx reads the one in its working folder.
      env: { ...process.env, TSX_TSCONFIG_PATH: path.resolve("tsconfig.json") },
      encoding: "utf8",
      timeout: 60_000,
    });
    fs.rmSync(root, { recursive: true, force: true });
    expect(started.status).toBe(1);
    expect(started.stdout).toBe("");
    expect(started.stderr.trimEnd()).toBe(
      `${unpatched.file} is not applied to node_modules/postgres (installed without its postinstall?): run \`node scripts/apply-patches.mjs\`, then start again.`,
    );
  });
});
