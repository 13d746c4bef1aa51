import { openApiDocument } from "~/api/openapi.server";
import { methodNotAllowed } from "~/http/api.server";

/** GET /api/openapi.json: the API's OpenAPI 3.1 document. Public, and the same for everyone, so cacheable. */
export const loader = () =>
  new Response(JSON.stringify(openApiDocument()), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });

export const action = () => methodNotAllowed("GET");
