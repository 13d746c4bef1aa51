import { db, type Sql, type Tx } from "~/db/db.server";
import type { RequestScope } from "~/db/db-scope.server";
import { env } from "~/utils/env.server";
import { forbidden, invalidInput, notFound, signedOut } from "~/utils/errors";
import { hashToken, randomToken } from "~/utils/tokens.server";
import { isAdmin, requireAdmin, requireWriteAccess, type Actor, type SessionUser } from "./actor.server";
import type { ApiToken, CreatedApiToken, CreateTokenInput, OwnedApiToken } from "./api-token.schema";
import { recordAudit } from "./audit.server";
import { userColumns } from "./user.server";

/**
 * Personal API tokens (docs/security.md "API tokens"): a user makes, lists and revokes their own; an admin
 * sees and revokes everyone's. A request with a token acts as its user, read afresh on every request.
 */

/** Every token starts so, which makes a leaked one easy to recognise (in logs, by secret scanners). */
const TOKEN_START = "crm_";
const TOKEN_FORMAT = /^crm_[A-Za-z0-9_-]{43}$/;
/** The characters kept to show in lists: "crm_" and 8 of the 43 random ones. */
const SHOWN_CHARACTERS = 12;

/** The ApiToken of the api_tokens row `t`; its status as of now. */
function tokenColumns(sql: Sql | Tx) {
  return sql`
    t.id, t.name, t.prefix, t.scope,
    case when t.revoked_at is not null then 'REVOKED' when t.expires_at <= now() then 'EXPIRED' else 'ACTIVE' end
      as status,
    t.created_at, t.expires_at, t.last_used_at, t.revoked_at`;
}

/**
 * Tokens are made by a person signed in, never by another token: a leaked token could otherwise mint
 * others that outlive its revocation.
 */
export function requireSignedInPerson(actor: Actor) {
  if (actor.user.sessionId === null) throw forbidden();
}

/**
 * A new token of the actor's own; the answer is the only place it ever appears (only its hash is stored).
 * An admin-scoped token is an admin's only.
 *
 * It is made only while its user is active and the session asking for it still open. The user's row is
 * locked FOR SHARE first, which a password change or a deactivation (both lock it FOR UPDATE first) conflicts
 * with: one running at the same moment either waits for this transaction (and then revokes the new token
 * with the others) or has committed before the lock is granted, and then the session, read afresh by the
 * next statement, is gone (401). Checked on the request's user alone, a token minted in that moment outlived
 * the change; locking the session row too made the two wait on each other (a deadlock).
 */
export async function createToken(actor: Actor, input: CreateTokenInput): Promise<CreatedApiToken> {
  requireSignedInPerson(actor);
  if (input.scope === "admin" && !isAdmin(actor)) {
    throw invalidInput({ scope: ["Only an admin can make a token with the admin scope"] });
  }
  const token = TOKEN_START + randomToken();
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const [active] = await tx`select 1 from users where id = ${actor.user.id} and is_active for share`;
    const [open] = await tx`
      select 1 from sessions
       where id = ${actor.user.sessionId} and user_id = ${actor.user.id} and expires_at > now()`;
    if (!active || !open) throw signedOut();
    const [created] = await tx<ApiToken[]>`
      insert into api_tokens as t (user_id, name, token_hash, prefix, scope, expires_at)
      values (${actor.user.id}, ${input.name}, ${hashToken(token)}, ${token.slice(0, SHOWN_CHARACTERS)},
              ${input.scope}, now() + ${input.expiresInDays} * interval '1 day')
      returning ${tokenColumns(tx)}`;
    // The answer holds the token: an Idempotency-Key's stored answer must not (idempotency/answer-once.server.ts).
    if (actor.scope) actor.scope.answerHoldsSecret = true;
    await recordAudit(tx, {
      action: "TOKEN_CREATED",
      user: actor.user,
      resource: `api-token:${created.id}`,
      details: `Created API token "${created.name}" (${created.prefix}…, ${created.scope}) expiring ${created.expiresAt.toISOString().slice(0, 10)}`,
      info: actor.info,
    });
    return { ...created, token };
  });
}

/** The actor's own tokens, newest first, whatever their status. */
export async function listOwnTokens(actor: Actor): Promise<ApiToken[]> {
  const sql = await db(actor);
  return sql<ApiToken[]>`
    select ${tokenColumns(sql)} from api_tokens t
     where t.user_id = ${actor.user.id}
     order by t.created_at desc, t.id`;
}

/** Every user's tokens (or only those still active), newest first, with their user. Admins only. */
export async function listAllTokens(actor: Actor, { activeOnly = false } = {}): Promise<OwnedApiToken[]> {
  requireAdmin(actor);
  const sql = await db(actor);
  return sql<OwnedApiToken[]>`
    select ${tokenColumns(sql)},
           json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
             as user
      from api_tokens t join users u on u.id = t.user_id
     ${activeOnly ? sql`where t.revoked_at is null and t.expires_at > now()` : sql``}
     order by t.created_at desc, t.id`;
}

/**
 * Revokes a token of the actor's own, or any token for an admin (another user's is not found for anyone
 * else); it stops working at once. Revoking a revoked token changes nothing and answers it as it is.
 */
export async function revokeToken(actor: Actor, id: string): Promise<ApiToken> {
  requireWriteAccess(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const owned = isAdmin(actor) ? tx`` : tx`and t.user_id = ${actor.user.id}`;
    const [revoked] = await tx<{ name: string; prefix: string; email: string }[]>`
      update api_tokens t set revoked_at = now()
        from users u
       where u.id = t.user_id and t.id = ${id} and t.revoked_at is null ${owned}
      returning t.name, t.prefix, u.email`;
    if (revoked) {
      await recordAudit(tx, {
        action: "TOKEN_REVOKED",
        user: actor.user,
        resource: `api-token:${id}`,
        details: `Revoked API token "${revoked.name}" (${revoked.prefix}…) of ${revoked.email}`,
        info: actor.info,
      });
    }
    const [token] = await tx<
      ApiToken[]
    >`select ${tokenColumns(tx)} from api_tokens t where t.id = ${id} ${owned}`;
    if (!token) throw notFound();
    return token;
  });
}

/**
 * Whether a token is one that would be let in now (known, not revoked or expired, its user active), without
 * counting a use: server.ts asks before it receives a body.
 */
export async function tokenIsLive(token: string): Promise<boolean> {
  if (!TOKEN_FORMAT.test(token)) return false;
  const sql = await db();
  const [live] = await sql`
    select 1 from api_tokens t join users u on u.id = t.user_id
     where t.token_hash = ${hashToken(token)} and t.revoked_at is null and t.expires_at > now() and u.is_active`;
  return Boolean(live);
}

/**
 * The user a request's API token acts as, or null when the token is unknown, revoked or expired or its
 * user inactive. The user is read afresh on every request, so a changed role or division applies to the
 * very next one. The same statement records the use and counts it against the token's rate limit
 * (API_TOKEN_RATE_LIMIT per fixed one-minute window, counted in PostgreSQL so every app process agrees;
 * the row lock counts a token's parallel requests one by one): `retryAfter` is the seconds until the
 * window ends once the limit is passed, else null.
 */
export async function userForToken(
  token: string,
  owner?: { scope?: RequestScope },
): Promise<{ user: SessionUser; retryAfter: number | null } | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const sql = await db(owner);
  const [row] = await sql<(SessionUser & { windowCount: number; windowLeft: number })[]>`
    with used as (
      update api_tokens t
         set last_used_at = now(),
             window_started_at = case when t.window_started_at > now() - interval '1 minute'
                                      then t.window_started_at else now() end,
             window_count = case when t.window_started_at > now() - interval '1 minute'
                                 then t.window_count + 1 else 1 end
        from users u
       where t.token_hash = ${hashToken(token)} and t.revoked_at is null and t.expires_at > now()
         and u.id = t.user_id and u.is_active
      returning t.id as token_id, t.scope, t.user_id, t.window_count, t.window_started_at
    )
    select ${userColumns(sql)}, u.selected_division, null::text as session_id, used.token_id,
           used.scope as token_scope, used.window_count,
           ceil(extract(epoch from used.window_started_at + interval '1 minute' - now()))::int as window_left
      from used join users u on u.id = used.user_id`;
  if (!row) return null;
  const { windowCount, windowLeft, ...user } = row;
  const limited = windowCount > env().apiTokenRateLimit;
  return { user, retryAfter: limited ? Math.max(1, windowLeft) : null };
}
