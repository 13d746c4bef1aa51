import type { AppLoadContext } from "@remix-run/node";
import { isAdmin, type Actor, type SessionUser } from "~/models/actor.server";
import { getSessionUser } from "~/models/session.server";
import { unauthorized } from "~/utils/api.server";
import { requestInfo } from "~/utils/request-info.server";
import { sessionIdFromRequest } from "~/utils/session-cookie.server";
import { errorToast } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * Who is asking. Every loader and action calls one of these itself: Remix runs loaders in parallel and a
 * child route can be fetched on its own, so a check in a parent layout protects nothing.
 */

/** The signed-in, active user of this request, or null. Re-read from the database on every request. */
export async function getCurrentUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await sessionIdFromRequest(request);
  return sessionId ? getSessionUser(sessionId) : null;
}

/** For page loaders and actions: a visitor who is not signed in gets the login screen (status 401). */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  if (!user) throw new Response("Unauthorized", { status: 401 });
  return user;
}

export async function requirePageActor(request: Request, context: AppLoadContext): Promise<Actor> {
  return { user: await requireUser(request), info: requestInfo(request, context) };
}

/**
 * The admin pages' guard, for their loaders and actions alike: a signed-out visitor gets the login screen,
 * any other user SPEC.md's 'Unauthorized' / 'Admin access required' toast on the dashboard.
 */
export async function requireAdminPage(request: Request, context: AppLoadContext): Promise<Actor> {
  const actor = await requirePageActor(request, context);
  if (!isAdmin(actor)) {
    throw await redirectWithToast("/", { ...errorToast("Admin access required"), title: "Unauthorized" });
  }
  return actor;
}

/** For /api routes: 401 JSON when not signed in. */
export async function requireApiActor(request: Request, context: AppLoadContext): Promise<Actor> {
  const user = await getCurrentUser(request);
  if (!user) throw unauthorized();
  return { user, info: requestInfo(request, context) };
}
