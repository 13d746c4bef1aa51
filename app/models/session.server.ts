import { db } from "~/db/db.server";
import type { RequestScope } from "~/db/db-scope.server";
import type { RequestInfo } from "~/http/request-info.server";
import type { SessionUser } from "./actor.server";
import { userColumns } from "./user.server";

/** How long a session lasts from sign-in (its cookie lives as long). */
export const SESSION_DAYS = 30;

/** Open sessions a user may hold at once; a sign-in past it ends their oldest (docs/security.md "Sign-in"). */
export const MAX_SESSIONS_PER_USER = 20;

/**
 * Stores a new session for a user who just proved their password, only if that password hash is still
 * theirs and they are still active. The user row is read FOR SHARE in the same statement, so a password
 * change or a deactivation running at the same moment either waits for this insert (and then ends the new
 * session with the others) or has already committed (and then nothing is stored). `replacing` is the
 * browser's previous session, which signing in again ends. A user keeps at most MAX_SESSIONS_PER_USER: the
 * oldest beyond it end.
 */
export async function storeSession(input: {
  id: string;
  userId: string;
  checkedHash: string;
  replacing: string | null;
  info: RequestInfo;
}): Promise<boolean> {
  const sql = await db();
  return sql.begin(async (tx) => {
    const stored = await tx`
      with still_valid as (
        select id from users
         where id = ${input.userId} and password_hash = ${input.checkedHash} and is_active
           for share
      )
      insert into sessions (id, user_id, expires_at, ip_address, user_agent)
      select ${input.id}, id, now() + ${SESSION_DAYS} * interval '1 day', ${input.info.ipAddress},
             ${input.info.userAgent}
        from still_valid
      returning id`;
    if (input.replacing) await tx`delete from sessions where id = ${input.replacing}`;
    await tx`
      delete from sessions where id in (
        select id from sessions where user_id = ${input.userId}
         order by created_at desc, id offset ${MAX_SESSIONS_PER_USER})`;
    // Expired rows are of no use to anyone; sweeping at sign-in keeps the table small without a timer.
    await tx`delete from sessions where expires_at < now()`;
    return stored.length === 1;
  });
}

/** Ends one session (sign-out): the user's other sessions go on. */
export async function deleteSession(id: string) {
  const sql = await db();
  await sql`delete from sessions where id = ${id}`;
}

/** Whether a session id names a session that is still open, of a user still active. */
export async function sessionIsLive(sessionId: string): Promise<boolean> {
  const sql = await db();
  const [live] = await sql`
    select 1 from sessions s join users u on u.id = s.user_id
     where s.id = ${sessionId} and s.expires_at > now() and u.is_active`;
  return Boolean(live);
}

/**
 * The active user behind a session id, re-read on every request so changes apply at once. `owner` holds the
 * request's scope (its context), so the lookup runs in the request's own transaction when it has one.
 */
export async function getSessionUser(
  sessionId: string,
  owner?: { scope?: RequestScope },
): Promise<SessionUser | null> {
  const sql = await db(owner);
  const [user] = await sql<SessionUser[]>`
    select ${userColumns(sql)}, u.selected_division, s.id as session_id, null::uuid as token_id,
           null::text as token_scope
      from sessions s join users u on u.id = s.user_id
     where s.id = ${sessionId} and s.expires_at > now() and u.is_active`;
  return user ?? null;
}
