import type { AppLoadContext } from "@remix-run/node";
import { isAdmin, requireWriteAccess, type Actor, type SessionUser } from "~/models/actor.server";
import { tokenIsLive, userForToken } from "~/models/api-token.server";
import { getSessionUser, sessionIsLive } from "~/models/session.server";
import { ApiError, unauthorized } from "~/http/api.server";
import { requestInfo } from "~/http/request-info.server";
import { sessionIdFromCookie, sessionIdFromRequest } from "~/http/session-cookie.server";
import { errorToast } from "~/utils/toast";
import { redirectWithToast } from "~/http/toast.server";
import { bearerToken } from "~/utils/tokens.server";

/**
 * Who is asking. Every loader and action calls one of these itself: Remix runs loaders in parallel and a
 * child route can be fetched on its own, so a check in a parent layout protects nothing.
 */

/**
 * The signed-in, active user of this request's session cookie, or null. Re-read from the database on every
 * request. Pages know only this: an API token opens the JSON API, never a page.
 *
 * Given the request's context, the loaders of one GET (the layout's and the page's) share one lookup, and so
 * do the calls of one action (the Idempotency-Key wrapper looks the user up before its transaction, and the
 * action inside it must not read the user again outside that transaction). An action never shares the
 * loaders' lookup: it may change its own user, and Remix runs the loaders after it as a GET of their own,
 * which then reads the user as the action left it.
 */
export function getCurrentUser(request: Request, context?: AppLoadContext): Promise<SessionUser | null> {
  if (!context) return lookUpUser(request);
  const users = request.method === "GET" ? usersOfGets : usersOfActions;
  let user = users.get(context);
  if (!user) users.set(context, (user = lookUpUser(request, context)));
  return user;
}

const usersOfGets = new WeakMap<AppLoadContext, Promise<SessionUser | null>>();
const usersOfActions = new WeakMap<AppLoadContext, Promise<SessionUser | null>>();

async function lookUpUser(request: Request, context?: AppLoadContext) {
  const sessionId = await sessionIdFromRequest(request);
  return sessionId ? getSessionUser(sessionId, context) : null;
}

/** For page loaders and actions: a visitor who is not signed in gets the login screen (status 401). */
export async function requireUser(request: Request, context?: AppLoadContext): Promise<SessionUser> {
  const user = await getCurrentUser(request, context);
  if (!user) throw new Response("Unauthorized", { status: 401 });
  return user;
}

export async function requirePageActor(request: Request, context: AppLoadContext): Promise<Actor> {
  const user = await requireUser(request, context);
  return { user, info: requestInfo(request, context), scope: context.scope };
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
 * is 401 even beside a valid cookie. A token past its rate limit is 429 with Retry-After. The calls of one
 * action share one lookup (one use of the token), as getCurrentUser's do.
 */
export async function requireApiActor(request: Request, context: AppLoadContext): Promise<Actor> {
  const token = bearerToken(request.headers.get("authorization"));
  let user: SessionUser | null;
  if (token === null) {
    user = await getCurrentUser(request, context);
  } else {
    let found = tokenUsesOfActions.get(context);
    if (!found || request.method === "GET") {
      found = userForToken(token, context);
      if (request.method !== "GET") tokenUsesOfActions.set(context, found);
    }
    const use = await found;
    if (use?.retryAfter) {
      throw new ApiError(429, "Too many requests. Try again later.", undefined, {
        "Retry-After": String(use.retryAfter),
      });
    }
    user = use?.user ?? null;
  }
  if (!user) throw unauthorized();
  const actor = { user, info: requestInfo(request, context), scope: context.scope };
  // A read-only token is refused any write here, before its input is read (CONTRACT.md's order: 403 before
  // 400); the models refuse it too.
  if (request.method !== "GET" && request.method !== "HEAD") requireWriteAccess(actor);
  return actor;
}

const tokenUsesOfActions = new WeakMap<AppLoadContext, ReturnType<typeof userForToken>>();

/**
 * The id of the user a write acts for (its token's, else its session's), or null when it has none that lets
 * it in. The lookup is the one the write's action then uses (requireApiActor, requirePageActor), so an
 * Idempotency-Key can be claimed for that user before the action runs, and the action does not look up its
 * user again inside the key's transaction.
 */
export async function actingUserId(request: Request, context: AppLoadContext): Promise<string | null> {
  if (bearerToken(request.headers.get("authorization")) === null) {
    return (await getCurrentUser(request, context))?.id ?? null;
  }
  try {
    return (await requireApiActor(request, context)).user.id;
  } catch {
    return null; // a token that does not let it in (401, 429): the action answers that, unwritten
  }
}

/**
 * Whether a request's credentials would let it in now: its Bearer token, else its session cookie (signed,
 * and naming an open session of an active user). server.ts asks before it receives a write's body, so that
 * a made-up or ended credential is answered 401 at once instead of being given memory for its body.
 */
export async function credentialsAreLive(
  cookieHeader: string | undefined,
  authorization: string | undefined,
): Promise<boolean> {
  const token = bearerToken(authorization);
  if (token !== null) return tokenIsLive(token);
  const sessionId = await sessionIdFromCookie(cookieHeader);
  return sessionId !== null && (await sessionIsLive(sessionId));
}
