import { toPublicUser } from "~/models/user.server";
import { apiRoute, methodNotAllowed, jsonResponse } from "~/http/api.server";
import { requireApiActor } from "~/auth/current-user.server";

export const loader = apiRoute(async ({ request, context }) => {
  const { user } = await requireApiActor(request, context);
  return jsonResponse(toPublicUser(user));
});

export const action = () => methodNotAllowed("GET");
