// Run by `npm install` / `npm ci` (postinstall), or by hand after `--ignore-scripts`: applies each patch in
// patches/ with `git apply`, after checking that the installed package is the version it was written for, to
// the files that do not have it yet. Why each patch exists: the decision its first line names.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { dependencyPatches, filesWithout } from "./dependency-patches.mjs";

for (const patch of dependencyPatches()) {
  const manifest = `node_modules/${patch.packageName}/package.json`;
  const installed = fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, "utf8")).version;
  if (installed !== patch.version) {
    fail(
      `${patch.file} was written for ${patch.packageName} ${patch.version}, but ${installed || "no version"} is installed: redo the patch for it, or drop it (its decision says when).`,
    );
  }
  const files = filesWithout(patch);
  if (files.length === 0) continue;
  try {
    execFileSync("git", ["apply", ...files.map((file) => `--include=${file}`), patch.file], {
      stdio: ["ignore", "pipe", "pipe"],
      // Inside a repository whose top is above this folder, git apply would take the paths from that top and
      // skip them without a word: the patches are applied as to plain files.
      env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(process.cwd()) },
    });
  } catch (error) {
    const why = String(error.stderr || error.message)
      .trim()
      .replaceAll("\n", "; ");
    fail(`${patch.file} does not apply (${why}): reinstall with \`npm ci\`, or redo the patch.`);
  }
}

/** @param {string} message */
function fail(message) {
  console.error(`scripts/apply-patches.mjs: ${message}`);
  process.exit(1);
}
