import { db } from "~/utils/db.server";

const WINDOW_MINUTES = 15;
const MAX_PER_USERNAME = 10;
const MAX_PER_ADDRESS = 100;

/**
 * Records a sign-in attempt before the password is checked, and says whether it may go ahead: null, or the
 * seconds until it may (10 failures per username, 100 per address, within 15 minutes). Counting only the
 * attempts recorded before this one makes guesses sent in parallel count too. Counted in PostgreSQL, so
 * every app process agrees. A refused or successful attempt is forgotten again (forgetSignInAttempt).
 */
export async function beginSignInAttempt(username: string, ipAddress: string) {
  const sql = await db();
  const [{ id }] = await sql<{ id: string }[]>`
    insert into login_attempts (username, ip_address) values (${username}, ${ipAddress}) returning id::text`;
  const [row] = await sql<{ retryAfter: number | null }[]>`
    with recent as (
      select * from login_attempts
       where attempted_at > now() - ${WINDOW_MINUTES} * interval '1 minute' and id < ${id}
    ), by_user as (
      select count(*) as n, min(attempted_at) as oldest from recent where username = ${username}
    ), by_address as (
      select count(*) as n, min(attempted_at) as oldest from recent where ip_address = ${ipAddress}
    )
    select ceil(extract(epoch from greatest(
             case when by_user.n >= ${MAX_PER_USERNAME} then by_user.oldest end,
             case when by_address.n >= ${MAX_PER_ADDRESS} then by_address.oldest end
           ) + ${WINDOW_MINUTES} * interval '1 minute' - now()))::int as retry_after
      from by_user, by_address`;
  const retryAfter = row.retryAfter === null ? null : Math.max(1, row.retryAfter);
  if (retryAfter !== null) await forgetSignInAttempt(id);
  return { attemptId: id, retryAfter };
}

/** A success, or an attempt refused before its password was checked, does not count as a failure. */
export async function forgetSignInAttempt(attemptId: string) {
  const sql = await db();
  await sql`delete from login_attempts where id = ${attemptId}`;
}

/** Old attempts are of no use; sweeping after a failure keeps the table small without a timer. */
export async function sweepSignInAttempts() {
  const sql = await db();
  await sql`delete from login_attempts where attempted_at < now() - interval '1 day'`;
}
