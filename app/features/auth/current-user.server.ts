import type { AppLoadContext } from "@remix-run/node";
import { isAdmin, type Actor, type SessionUser } from "~/models/actor.server";
import { userForToken } from "~/models/api-token.server";
import { getSessionUser } from "~/models/session.server";
import { ApiError, unauthorized } from "~/utils/api.server";
import { requestInfo } from "~/utils/request-info.server";
import { sessionIdFromRequest } from "~/utils/session-cookie.server";
import { errorToast } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";
import { bearerToken } from "~/utils/tokens.server";

/**
 * Who is asking. Every loader and action calls one of these itself: Remix runs loaders in parallel and a
 * child route can be fetched on its own, so a check in a parent layout protects nothing.
 */

/**
 * The signed-in, active user of this request's session cookie, or null. Re-read from the database on every
 * request. Pages know only this: an API token opens the JSON API, never a page.
 *
 * Given the request's context, the loaders of one GET (the layout's and the page's) share one lookup. An
 * action never does: it may change its own user, and Remix runs the loaders after it as a GET of their own,
 * which then reads the user as the action left it.
 */
export function getCurrentUser(request: Request, context?: AppLoadContext): Promise<SessionUser | null> {
  if (!context || request.method !== "GET") return lookUpUser(request);
  let user = usersOfGets.get(context);
  if (!user) usersOfGets.set(context, (user = lookUpUser(request)));
  return user;
}

const usersOfGets = new WeakMap<AppLoadContext, Promise<SessionUser | null>>();

async function lookUpUser(request: Request) {
  const sessionId = await sessionIdFromRequest(request);
  return sessionId ? getSessionUser(sessionId) : null;
}

/** For page loaders and actions: a visitor who is not signed in gets the login screen (status 401). */
export async function requireUser(request: Request, context?: AppLoadContext): Promise<SessionUser> {
  const user = await getCurrentUser(request, context);
  if (!user) throw new Response("Unauthorized", { status: 401 });
  return user;
}

export async function requirePageActor(request: Request, context: AppLoadContext): Promise<Actor> {
  return { user: await requireUser(request, context), info: requestInfo(request, context) };
}

/**
 * The admin pages' guard, for their loaders and actions alike: a signed-out visitor gets the login screen,
 * any other user SPEC.md's 'Unauthorized' / 'Admin access required' toast on the dashboard, sent there at
 * once rather than after SPEC's half second (docs/decisions/013-admin-guard-redirects-at-once.md).
 */
export async function requireAdminPage(request: Request, context: AppLoadContext): Promise<Actor> {
  const actor = await requirePageActor(request, context);
  if (!isAdmin(actor)) {
    throw await redirectWithToast("/", { ...errorToast("Admin access required"), title: "Unauthorized" });
  }
  return actor;
}

/**
 * For /api routes: the user of the request's API token (`Authorization: Bearer`), else of its session
 * cookie; 401 JSON when there is none. A Bearer header decides on its own: a bad, revoked or expired token
 * is 401 even beside a valid cookie. A token past its rate limit is 429 with Retry-After.
 */
export async function requireApiActor(request: Request, context: AppLoadContext): Promise<Actor> {
  const token = bearerToken(request.headers.get("authorization"));
  let user: SessionUser | null;
  if (token === null) {
    user = await getCurrentUser(request);
  } else {
    const found = await userForToken(token);
    if (found?.retryAfter) {
      throw new ApiError(429, "Too many requests. Try again later.", undefined, {
        "Retry-After": String(found.retryAfter),
      });
    }
    user = found?.user ?? null;
  }
  if (!user) throw unauthorized();
  return { user, info: requestInfo(request, context) };
}
