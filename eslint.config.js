import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import globals from "globals";

/**
 * The forms' zod schemas are fetched when a form needs them, never with a page
 * (docs/decisions/017-form-schemas-load-late.md).
 */
const lateFormSchemas = {
  group: ["**/form-schemas"],
  message:
    "Only use-schema-form.ts loads form-schemas.ts, with import(): a static import ships zod with the page.",
  allowTypeImports: true,
};

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
  layer(
    "app/components/**",
    ["routes"],
    "components sit below routes",
    {
      group: ["**/*.server", "**/*.server.ts"],
      message: "Components run in the browser: import a server module's types only (import type).",
      allowTypeImports: true,
    },
    lateFormSchemas,
  ),
  layer("app/routes/**", [], "routes are the top layer", lateFormSchemas),
  prettier,
);

/** A lint rule for one layer: the layers above it (and any extra modules) may not be imported. */
function layer(files, above, why, ...extras) {
  const group = above.flatMap((name) => [`~/${name}/*`, `../${name}/*`, `../../${name}/*`]);
  const layers = group.length
    ? [{ group, message: `${why}: imports point down (docs/decisions/001-layers.md).` }]
    : [];
  return {
    files: [files],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...layers, ...extras] }],
    },
  };
}
