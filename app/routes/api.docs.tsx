import { routes } from "@remix-run/dev/server-build";
import { defineApi } from "~/api/define-api.server";
import { openApiDocument } from "~/api/openapi.server";
import { operation } from "~/api/operation";
import { referencePage } from "~/api/reference-page";

let page: string | undefined;

/** GET /api/docs: the OpenAPI document as a readable page (api/reference-page.tsx). Public and cacheable. */
export const api = defineApi([
  operation({
    method: "GET",
    id: "apiReference",
    tag: "API documentation",
    summary: "This document as a readable page",
    access: "public",
    answers: {
      200: { description: "An HTML page.", content: { "text/html": { schema: { type: "string" } } } },
    },
    handler: async () => {
      page ??= referencePage(openApiDocument(routes));
      return new Response(page, {
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" },
      });
    },
  }),
]);

export const { loader, action } = api;
