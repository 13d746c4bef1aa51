import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "build",
      "public/build",
      ".cache",
      ".data*",
      "test-results",
      "playwright-report",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Imports point down: routes → components → features / models → utils (docs/decisions/001-layers.md).
  layer("app/utils/**", ["models", "features", "components", "routes"], "utils are leaf helpers"),
  layer(
    "app/models/**",
    ["features", "components", "routes"],
    "models sit below features, components and routes",
    {
      group: [
        "~/utils/api.server",
        "../utils/api.server",
        "~/utils/page-action.server",
        "../utils/page-action.server",
      ],
      message: "Models throw the neutral refusals of utils/errors.ts instead.",
    },
  ),
  layer("app/features/**", ["components", "routes"], "features sit below components and routes"),
  // Components run in the browser too: server modules only for their types.
  layer("app/components/**", ["routes"], "components sit below routes", {
    group: ["**/*.server", "**/*.server.ts"],
    message: "Components run in the browser: import a server module's types only (import type).",
    allowTypeImports: true,
  }),
  prettier,
);

/** A lint rule for one layer: the layers above it (and any extra modules) may not be imported. */
function layer(files, above, why, extra) {
  const group = above.flatMap((name) => [`~/${name}/*`, `../${name}/*`, `../../${name}/*`]);
  return {
    files: [files],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group, message: `${why}: imports point down (docs/decisions/001-layers.md).` },
            ...(extra ? [extra] : []),
          ],
        },
      ],
    },
  };
}
