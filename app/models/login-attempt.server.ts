import { db } from "~/utils/db.server";

const WINDOW_MINUTES = 15;
const MAX_PER_USERNAME = 10;
const MAX_PER_ADDRESS = 100;

/**
 * Seconds until another sign-in may be tried, when the username or the address has used up its failures
 * within the window; null when it may go ahead. Counted in PostgreSQL so every app process agrees.
 */
export async function signInRetryAfter(username: string, ipAddress: string): Promise<number | null> {
  const sql = await db();
  const [row] = await sql<{ retryAfter: number | null }[]>`
    with by_user as (
      select count(*) as n, min(attempted_at) as oldest from login_attempts
       where username = ${username} and attempted_at > now() - ${WINDOW_MINUTES} * interval '1 minute'
    ), by_address as (
      select count(*) as n, min(attempted_at) as oldest from login_attempts
       where ip_address = ${ipAddress} and attempted_at > now() - ${WINDOW_MINUTES} * interval '1 minute'
    )
    select ceil(extract(epoch from greatest(
             case when by_user.n >= ${MAX_PER_USERNAME} then by_user.oldest end,
             case when by_address.n >= ${MAX_PER_ADDRESS} then by_address.oldest end
           ) + ${WINDOW_MINUTES} * interval '1 minute' - now()))::int as retry_after
      from by_user, by_address`;
  return row.retryAfter === null ? null : Math.max(1, row.retryAfter);
}

export async function recordFailedSignIn(username: string, ipAddress: string) {
  const sql = await db();
  await sql`insert into login_attempts (username, ip_address) values (${username}, ${ipAddress})`;
  await sql`delete from login_attempts where attempted_at < now() - interval '1 day'`;
}
