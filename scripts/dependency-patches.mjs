// The dependency patches: unified diffs in patches/, each named as patch-package names them
// (`<package, its / as +>+<version>.patch`) and applied on install by scripts/apply-patches.mjs. Every file a
// patch changes gets a first line naming the patch: that line in the installed file is how the app, at start,
// knows the patch is there.
import fs from "node:fs";
import path from "node:path";

const APPLY_COMMAND = "node scripts/apply-patches.mjs";

/**
 * The patches in `root`'s patches folder, each with the package and version it was written for and the files
 * it changes (relative to `root`).
 * @param {string} [root]
 */
export function dependencyPatches(root = process.cwd()) {
  return fs
    .readdirSync(path.join(root, "patches"))
    .filter((name) => name.endsWith(".patch"))
    .sort()
    .map((name) => {
      const [, packageName, version] = /^(.+)\+([^+]+)\.patch$/.exec(name) ?? [];
      if (!packageName) throw new Error(`patches/${name}: name it <package>+<version>.patch`);
      const diff = fs.readFileSync(path.join(root, "patches", name), "utf8");
      return {
        file: `patches/${name}`,
        packageName: packageName.replaceAll("+", "/"),
        version,
        files: [...diff.matchAll(/^\+\+\+ b\/(.+)$/gm)].map((match) => match[1]),
      };
    });
}

/**
 * The files `patch` changes that do not have it.
 * @param {ReturnType<typeof dependencyPatches>[number]} patch
 * @param {string} [root]
 */
export function filesWithout(patch, root = process.cwd()) {
  return patch.files.filter((file) => {
    const installed = path.join(root, file);
    return !fs.existsSync(installed) || !fs.readFileSync(installed, "utf8").includes(patch.file);
  });
}

/**
 * A one-line message naming the first patch that is not applied and the command that applies it, or null
 * when all are (`npm ci --ignore-scripts` installs without them).
 * @param {string} [root]
 */
export function unappliedPatchMessage(root = process.cwd()) {
  const patch = dependencyPatches(root).find((each) => filesWithout(each, root).length > 0);
  return patch
    ? `${patch.file} is not applied to node_modules/${patch.packageName} (installed without its postinstall?): run \`${APPLY_COMMAND}\`, then start again.`
    : null;
}
