import { grantCompanyAccess, requireUserRecord } from "~/models/user.server";
import { companyInputSchema } from "~/models/user.schema";
import {
  apiRoute,
  jsonResponse,
  methodNotAllowed,
  parseInput,
  readJson,
  requireId,
} from "~/utils/api.server";
import { requireAdmin, requireApiActor } from "~/utils/auth.server";

export const loader = () => methodNotAllowed("POST");

/** POST {company}: grants access to a division; 200 with the user. */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const actor = await requireApiActor(request, context);
  const body = await readJson(request);
  requireAdmin(actor);
  const userId = requireId(params.userId);
  await requireUserRecord(userId);
  const { company } = parseInput(companyInputSchema, body);
  return jsonResponse(await grantCompanyAccess(actor, userId, company));
});
