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

/** Server modules a screen's controllers call: sign-in and the current user, the JSON API, retries, start-up. */
const SERVICES = ["auth", "api", "idempotency", "startup"];

const browserOnly = {
  group: ["**/*.server", "**/*.server.ts"],
  message: "Components run in the browser: import a server module's types only (import type).",
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
  // Imports point down (docs/decisions/001-layers.md): routes → screens → components → auth / api /
  // idempotency / startup → http → models → db → utils.
  layer(
    "app/utils/**",
    ["db", "models", "http", ...SERVICES, "components", "screens", "routes"],
    "utils are leaf helpers",
  ),
  layer(
    "app/db/**",
    ["models", "http", ...SERVICES, "components", "screens", "routes"],
    "db is the database plumbing",
  ),
  layer(
    "app/models/**",
    [...SERVICES, "components", "screens", "routes"],
    "models sit below the request handling",
    {
      group: ["~/http/*", "../http/*"],
      message: "Models throw the neutral refusals of utils/errors.ts and know no HTTP (types only).",
      allowTypeImports: true,
    },
  ),
  layer("app/http/**", [...SERVICES, "components", "screens", "routes"], "http is the request plumbing"),
  ...SERVICES.map((name) =>
    layer(`app/${name}/**`, ["components", "screens", "routes"], `${name}/ sits below the screens`),
  ),
  // Components run in the browser too: server modules only for their types.
  layer(
    "app/components/**",
    ["screens", "routes"],
    "shared components sit below the screens",
    browserOnly,
    lateFormSchemas,
  ),
  // A screen's views run in the browser too; its controllers (*.server.ts) only on the server.
  layer("app/screens/**", ["routes"], "screens sit below the routes", browserOnly, lateFormSchemas),
  layer("app/screens/**/*.server.ts", ["routes"], "screens sit below the routes", lateFormSchemas),
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
