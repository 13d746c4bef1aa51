import { jsonResponse } from "~/http/api.server";

/** Any /api path without a route of its own: a JSON 404, never the HTML page. */
const notFound = () => jsonResponse({ message: "Not found" }, { status: 404 });

export const loader = notFound;
export const action = notFound;
