import { db } from "~/utils/db.server";

const WINDOW_MINUTES = 15;
const MAX_PER_USERNAME = 10;
const MAX_PER_ADDRESS = 100;

/**
 * Records a sign-in attempt before the password is checked, and says whether it may go ahead: null, or the
 * seconds until it may (10 failures per username, 100 per address, within 15 minutes). The count and the
 * insert run under locks on the username and the address, so guesses sent in parallel are counted one by
 * one. Counted in PostgreSQL, so every app process agrees. A successful attempt is forgotten again.
 */
export async function beginSignInAttempt(
  username: string,
  ipAddress: string,
): Promise<{ attemptId: string; retryAfter: null } | { attemptId: null; retryAfter: number }> {
  const sql = await db();
  return sql.begin(async (tx) => {
    // Always the username's lock first, then the address's: no two attempts can wait on each other.
    await tx`select pg_advisory_xact_lock(hashtext(${`sign-in user:${username}`}))`;
    await tx`select pg_advisory_xact_lock(hashtext(${`sign-in address:${ipAddress}`}))`;
    const [row] = await tx<{ retryAfter: number | null }[]>`
      with recent as (
        select * from login_attempts where attempted_at > now() - ${WINDOW_MINUTES} * interval '1 minute'
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
    if (row.retryAfter !== null) return { attemptId: null, retryAfter: Math.max(1, row.retryAfter) };
    const [{ id }] = await tx<{ id: string }[]>`
      insert into login_attempts (username, ip_address) values (${username}, ${ipAddress}) returning id::text`;
    return { attemptId: id, retryAfter: null };
  });
}

/** A successful sign-in does not count as a failure. */
export async function forgetSignInAttempt(attemptId: string) {
  const sql = await db();
  await sql`delete from login_attempts where id = ${attemptId}`;
}

/** Old attempts are of no use; sweeping after a failure keeps the table small without a timer. */
export async function sweepSignInAttempts() {
  const sql = await db();
  await sql`delete from login_attempts where attempted_at < now() - interval '1 day'`;
}
