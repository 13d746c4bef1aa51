import { routes } from "@remix-run/dev/server-build";
import { defineApi } from "~/api/define-api.server";
import { openApiDocument } from "~/api/openapi.server";
import { json, operation } from "~/api/operation";

/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 document, made from the declarations of the server build's
 * route modules (the Remix compiler's virtual module; docs/decisions/007-openapi.md). Public, and the same
 * for everyone, so cacheable.
 */
export const api = defineApi([
  operation({
    method: "GET",
    id: "openApiDocument",
    tag: "API documentation",
    summary: "This document (OpenAPI 3.1)",
    access: "public",
    answers: { 200: json("The OpenAPI document.", { type: "object" }) },
    handler: async () =>
      new Response(JSON.stringify(openApiDocument(routes)), {
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Cache-Control": "public, max-age=300",
        },
      }),
  }),
]);

export const { loader, action } = api;
