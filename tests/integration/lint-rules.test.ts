// The rules of docs/decisions/README.md that ESLint enforces (eslint.config.js) bite: each is run on a file
// that breaks it, and a file that keeps them all passes.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

/** The rules a piece of code breaks, as ESLint names them, linted as if it were the file at `filePath`. */
async function broken(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const IMPORTS = "@typescript-eslint/no-restricted-imports";
const SYNTAX = "no-restricted-syntax";

describe("the page author's rules in ESLint", () => {
  it("refuses Remix's Link and NavLink in every layer and in root.tsx, pointing to AppLink (decision 014)", async () => {
    for (const filePath of [
      "app/screens/leads/x.tsx",
      "app/components/x.tsx",
      "app/routes/_app.x.tsx",
      "app/root.tsx",
      "app/utils/x.ts",
    ]) {
      const messages = await broken(
        filePath,
        `export { Link } from "@remix-run/react";\nexport { NavLink as Nav } from "@remix-run/react";`,
      );
      expect(messages, filePath).toHaveLength(2);
      for (const message of messages) {
        expect(message).toContain(`${IMPORTS}:`);
        expect(message).toContain("Use AppLink (app/components/app-link.tsx)");
        expect(message).toContain("014-links-followed-by-one-handler.md");
      }
    }
  });

  it("refuses defer and Await, which would not stream here (decision 012)", async () => {
    const messages = await broken(
      "app/routes/_app.x.tsx",
      `export { defer } from "@remix-run/node";\nexport { Await } from "@remix-run/react";`,
    );
    expect(messages).toEqual([
      expect.stringMatching(new RegExp(`^${IMPORTS}: .*012-pages-rendered-whole\\.md`)),
      expect.stringMatching(new RegExp(`^${IMPORTS}: .*012-pages-rendered-whole\\.md`)),
    ]);
  });

  it("refuses sending the browser's router to /api: links, Remix forms, fetchers, submit, navigate (decision 008)", async () => {
    const routed = [
      `<AppLink to="/api/leads/TSS">x</AppLink>`,
      "<AppLink to={`/api/notes/${id}/audio`}>x</AppLink>",
      `<AppLink to={id ? "/api" : "/leads"}>x</AppLink>`,
      `<Form method="post" action="/api/logout" />`,
      `<fetcher.Form method="post" action={"/api/notes"} />`,
      `fetcher.load("/api/leads/TSS?limit=5")`,
      "fetcher.load(`/api/contacts/${id}`)",
      `fetcher.submit(data, { method: "post", action: "/api/notes" })`,
      `submit(form, { action: "/api/x" })`,
      `navigate("/api/docs")`,
    ];
    for (const code of routed) {
      const messages = await broken("app/screens/leads/x.tsx", `export const x = (id: string) => ${code};`);
      expect(
        messages.filter((message) => message.startsWith(SYNTAX)),
        code,
      ).toEqual([expect.stringContaining("008-two-route-trees.md")]);
    }
  });

  it("refuses an import that points up a layer (decision 001)", async () => {
    const upwards: [string, string][] = [
      ["app/models/x.ts", "~/screens/leads/leads-view"],
      ["app/components/x.tsx", "~/screens/leads/lead-table"],
      ["app/components/x.tsx", "../routes/_app.leads"],
      ["app/utils/x.ts", "~/models/lead"],
      ["app/db/x.ts", "~/http/session-cookie.server"],
      ["app/screens/leads/x.tsx", "~/routes/_app.leads"],
    ];
    for (const [filePath, module] of upwards) {
      expect(await broken(filePath, `export { x } from "${module}";`), `${filePath} → ${module}`).toEqual([
        expect.stringMatching(new RegExp(`^${IMPORTS}: .*001-layers\\.md`)),
      ]);
    }
  });

  it("passes a screen that keeps them: AppLink, plain links and forms to /api, useJsonFetch, imports down", async () => {
    const code = `import { Form } from "@remix-run/react";
import { AppLink } from "~/components/app-link";
import { StatusBadge } from "~/components/status-badge";
import { STATUS_LABELS } from "~/models/lead";
import { useJsonFetch } from "~/components/use-json-fetch";
import { leadsView } from "./leads-view";

export function Screen({ division }: { division: string }) {
  const jsonFetch = useJsonFetch();
  const load = () => jsonFetch(\`/api/leads/\${division}?limit=5\`);
  return (
    <>
      <AppLink to={leadsView.href({ page: 2 })} onClick={load}>{STATUS_LABELS.NEW}</AppLink>
      <AppLink to="/apiary">Not the API</AppLink>
      <a href={\`/api/leads/\${division}/export.csv\`} download>Export</a>
      <form method="post" action="/api/logout" />
      <Form method="post" action="/leads" />
      <StatusBadge status="NEW" />
    </>
  );
}
`;
    expect(await broken("app/screens/leads/x.tsx", code)).toEqual([]);
  });
});
