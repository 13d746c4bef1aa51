import { db } from "~/db/db.server";
import { env } from "~/utils/env.server";

const WINDOW_MINUTES = 15;
const MAX_PER_USERNAME = 10;
const MAX_PER_ADDRESS = 100;

/**
 * Records a sign-in attempt before the password is checked, and says whether it may go ahead: null, or the
 * seconds until it may (10 failures per username, 100 per address, or SIGN_IN_SUCCESS_LIMIT successes per
 * username, 30 unless set: a person needs a handful, a script signing in for every call more, within 15
 * minutes). The count and the insert run under locks on the username and the address, so attempts sent in
 * parallel are counted one by one. Counted in PostgreSQL, so every app process agrees. A successful attempt
 * is marked so (signInSucceeded) and counts only towards the successes.
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
        select count(*) filter (where not succeeded) as n, min(attempted_at) filter (where not succeeded) as oldest,
               count(*) filter (where succeeded) as ok, min(attempted_at) filter (where succeeded) as oldest_ok
          from recent where username = ${username}
      ), by_address as (
        select count(*) as n, min(attempted_at) as oldest from recent
         where ip_address = ${ipAddress} and not succeeded
      )
      select ceil(extract(epoch from greatest(
               case when by_user.n >= ${MAX_PER_USERNAME} then by_user.oldest end,
               case when by_user.ok >= ${env().signInSuccessLimit} then by_user.oldest_ok end,
               case when by_address.n >= ${MAX_PER_ADDRESS} then by_address.oldest end
             ) + ${WINDOW_MINUTES} * interval '1 minute' - now()))::int as retry_after
        from by_user, by_address`;
    if (row.retryAfter !== null) return { attemptId: null, retryAfter: Math.max(1, row.retryAfter) };
    const [{ id }] = await tx<{ id: string }[]>`
      insert into login_attempts (username, ip_address) values (${username}, ${ipAddress}) returning id::text`;
    return { attemptId: id, retryAfter: null };
  });
}

/** A successful sign-in does not count as a failure; it counts towards the username's successes. */
export async function signInSucceeded(attemptId: string) {
  const sql = await db();
  await sql`update login_attempts set succeeded = true where id = ${attemptId}`;
}

/** Old attempts are of no use; sweeping after a failure keeps the table small without a timer. */
export async function sweepSignInAttempts() {
  const sql = await db();
  await sql`delete from login_attempts where attempted_at < now() - interval '1 day'`;
}
