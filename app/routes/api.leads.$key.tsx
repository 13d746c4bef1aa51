import type { LoaderFunctionArgs } from "@remix-run/node";
import { archiveLead, getLead, updateLead } from "~/models/lead.server";
import { updateLeadSchema } from "~/models/lead.schema";
import {
  apiRoute,
  jsonResponse,
  methodNotAllowed,
  parseInput,
  readJson,
  requireDivisionParam,
} from "~/http/api.server";
import { recordId } from "~/utils/ids";
import { requireApiActor } from "~/auth/current-user.server";
import { leadListResponse } from "~/screens/leads/lead-list-response.server";

/** GET /api/leads/{division}: the division's active leads (X-Total-Count holds the number of matches). */
export const loader = apiRoute(async ({ request, context, params }: LoaderFunctionArgs) => {
  const actor = await requireApiActor(request, context);
  return leadListResponse(actor, requireDivisionParam(params.key), request, false);
});

/** PATCH /api/leads/{id} updates; DELETE /api/leads/{id} archives. */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "PATCH" && request.method !== "DELETE")
    return methodNotAllowed("GET, PATCH, DELETE");
  const actor = await requireApiActor(request, context);
  if (request.method === "DELETE") return jsonResponse(await archiveLead(actor, recordId(params.key)));
  const body = await readJson(request);
  const id = recordId(params.key);
  await getLead(actor, id);
  return jsonResponse(await updateLead(actor, id, parseInput(updateLeadSchema, body)));
});
