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

/** Remix modules that cost or promise what they do not give here: refused in every layer (see `layer`). */
const remixRefused = [
  // Remix's links run half a dozen router hooks each; a link in the app is an AppLink, one plain <a>.
  {
    name: "@remix-run/react",
    importNames: ["Link", "NavLink"],
    message:
      "Use AppLink (app/components/app-link.tsx), which the document's one handler follows (docs/decisions/014-links-followed-by-one-handler.md).",
  },
  {
    name: "@remix-run/node",
    importNames: ["defer"],
    message:
      "Pages are rendered whole (docs/decisions/012-pages-rendered-whole.md): deferred data would not stream, only delay the page. Return it.",
  },
  {
    name: "@remix-run/react",
    importNames: ["Await"],
    message:
      "Pages are rendered whole (docs/decisions/012-pages-rendered-whole.md): nothing is deferred, so there is nothing to await.",
  },
];

/**
 * The pages' route tree does not know the /api routes, so the browser's router may not be sent there: not by
 * a link, a Remix Form, a fetcher or `navigate` (docs/decisions/008-two-route-trees.md). A plain <a> or
 * <form>, or `jsonFetch`, is a request of the browser's own and may go to /api.
 */
const API_PATH = String.raw`/^\/api(\/|\?|$)/`;
/**
 * A string, or a template's first part, that starts with /api, inside what `where` selects (or, when `where`
 * ends in `>`, directly in it).
 */
const routedToApi = (where) => ({
  selector: [
    `${where} Literal[value=${API_PATH}]`,
    `${where} TemplateLiteral > TemplateElement:first-child[value.raw=${API_PATH}]`,
  ].join(", "),
  message:
    "The browser's router cannot reach /api (docs/decisions/008-two-route-trees.md): use a plain <a> or <form>, or jsonFetch.",
});
const noRoutingToApi = [
  routedToApi(`JSXOpeningElement[name.name=/^(AppLink|Link|NavLink)$/] > JSXAttribute[name.name="to"]`),
  routedToApi(
    `JSXOpeningElement:matches([name.name="Form"], [name.property.name="Form"]) > JSXAttribute[name.name="action"]`,
  ),
  routedToApi(`CallExpression:matches([callee.property.name="load"], [callee.name="navigate"]) >`),
  routedToApi(
    `CallExpression:matches([callee.name="submit"], [callee.property.name="submit"]) > ObjectExpression > Property[key.name="action"] >`,
  ),
];

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
  { files: ["app/**"], rules: { "no-restricted-syntax": ["error", ...noRoutingToApi] } },
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
  layer(
    ["app/routes/**", "app/*.tsx"],
    [],
    "routes, root.tsx and the entries are the top layer",
    lateFormSchemas,
  ),
  prettier,
);

/**
 * The lint rule for one layer: the layers above it (and any extra modules) may not be imported, nor what
 * `remixRefused` names. A file takes the last entry that names this rule, so each layer's entry carries it.
 */
function layer(files, above, why, ...extras) {
  const group = above.flatMap((name) => [`~/${name}/*`, `../${name}/*`, `../../${name}/*`]);
  const layers = group.length
    ? [{ group, message: `${why}: imports point down (docs/decisions/001-layers.md).` }]
    : [];
  return {
    files: [files].flat(),
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: remixRefused, patterns: [...layers, ...extras] },
      ],
    },
  };
}
