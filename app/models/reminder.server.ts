import nodemailer from "nodemailer";
import { db } from "~/db/db.server";
import type { Division } from "~/utils/divisions";
import { canonicalTimeZone } from "~/utils/time-zone";
import { formatDateTime } from "~/utils/format";
import { requireWriteAccess, type Actor } from "./actor.server";
import { MY_DAY_COUNT_CAP, cappedCount, myDayBounds, type ReminderMode } from "./my-day";
import { myFollowUpIds } from "./my-day.server";

/** The actor's reminder setting (CONTRACT.md "Reminder setting"). */
export async function getReminderSetting(actor: Actor): Promise<{ mode: ReminderMode; timeZone: string }> {
  const sql = await db(actor);
  const [row] = await sql<{ mode: ReminderMode; timeZone: string }[]>`
    select reminder_mode as mode, time_zone from users where id = ${actor.user.id}`;
  return row;
}

/**
 * Sets how the actor hears of follow-ups as they come due, and the zone their e-mails and digest day are in
 * (the browser's when set from /settings; unchanged when not given). Changing to the digest on a day already
 * digested waits for the next day.
 */
export async function setReminderSetting(
  actor: Actor,
  mode: ReminderMode,
  timeZone?: string,
): Promise<{ mode: ReminderMode; timeZone: string }> {
  requireWriteAccess(actor);
  const zone = canonicalTimeZone(timeZone);
  const sql = await db(actor);
  // A transaction, as every write: a request's Idempotency-Key is kept with it (docs/decisions/024).
  return sql.begin(async (tx) => {
    const [row] = await tx<{ mode: ReminderMode; timeZone: string }[]>`
      update users set reminder_mode = ${mode}, time_zone = coalesce(${zone}, time_zone), updated_at = now()
       where id = ${actor.user.id}
       returning reminder_mode as mode, time_zone`;
    return row;
  });
}

/** A follow-up older than this when first seen by the loop (the app was down, SMTP was just set) is not mailed. */
const STALE_AFTER = "1 day";
/** Follow-ups claimed in one turn; the loop comes back for the rest. */
const CLAIM_BATCH = 100;

type Mailer = { send: (mail: { to: string[]; subject: string; text: string }) => Promise<unknown> };

/** A nodemailer transport for `url`, with bounded waits (docs/decisions/023-bounded-requests.md). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return { send: (mail) => transport.sendMail({ from, ...mail }) };
}

/**
 * One turn of the reminder loop (docs/decisions/028-my-day-and-reminders.md): claims the follow-ups that have
 * come due, then sends each one e-mail to whichever of its lead's creator and assignee chose an e-mail for
 * each; then the daily digests due. A claim is a committed update that only one instance's statement can make
 * (`reminded_at is null`, rows locked and skipped), so across instances a follow-up is mailed at most once. A
 * send that fails gives its claim back for the next turn; a crash between claim and send loses that e-mail
 * (the follow-up is still in My Day and the bell): at most once, never twice.
 */
export async function sendDueReminders(mailer: Mailer): Promise<{ reminders: number; digests: number }> {
  return { reminders: await sendFollowUpReminders(mailer), digests: await sendDigests(mailer) };
}

async function sendFollowUpReminders(mailer: Mailer) {
  const sql = await db();
  const claimed = await sql<
    {
      id: string;
      leadName: string;
      company: string;
      content: string;
      followUpDate: Date;
      emails: string[];
      timeZone: string | null;
    }[]
  >`
    with due as (
      select id from notes
       where follow_up_date is not null and reminded_at is null and not is_follow_up_complete and not lead_archived
         and follow_up_date <= now() and follow_up_date > now() - ${STALE_AFTER}::interval
       order by follow_up_date
       limit ${CLAIM_BATCH}
       for update skip locked
    ), claimed as (
      update notes n set reminded_at = now() from due where n.id = due.id
      returning n.id, n.lead_id, n.content, n.follow_up_date, n.lead_division, n.lead_created_by, n.lead_assigned_to
    )
    select c.id, l.first_name || ' ' || l.last_name as lead_name, l.company, c.content, c.follow_up_date,
           coalesce(array_agg(u.email order by u.email) filter (where u.id is not null), '{}') as emails,
           min(u.time_zone) as time_zone
      from claimed c
      join leads l on l.id = c.lead_id
      left join users u on u.id in (c.lead_created_by, c.lead_assigned_to) and u.reminder_mode = 'EACH'
            and u.is_active
            and exists (select 1 from company_access a where a.user_id = u.id and a.company = c.lead_division)
     group by c.id, l.first_name, l.last_name, l.company, c.content, c.follow_up_date`;
  let sent = 0;
  for (const [index, reminder] of claimed.entries()) {
    if (!reminder.emails.length) continue;
    const zone = reminder.timeZone ?? "Europe/London";
    try {
      await mailer.send({
        to: reminder.emails,
        subject: `Follow-up due: ${reminder.leadName} (${reminder.company})`,
        text: [
          `A follow-up with ${reminder.leadName} of ${reminder.company} is due ${formatDateTime(reminder.followUpDate, zone)}.`,
          "",
          reminder.content,
        ].join("\n"),
      });
      sent++;
    } catch (error) {
      // Those after it were not tried, and this one is given back only if the server cannot have taken it:
      // the next turn claims them again, and no follow-up is ever mailed twice.
      const unsent = claimed.slice(neverAccepted(error) ? index : index + 1).map((unsentOne) => unsentOne.id);
      await sql`update notes set reminded_at = null where id = any(${sql.array(unsent)}::uuid[])`;
      throw error;
    }
  }
  return sent;
}

/**
 * A send that failed before the server could have taken the message (nodemailer's error codes): no connection,
 * no sign-in, or the server refused it with a reply. A connection lost after the message was sent may have
 * delivered it, so that one is not tried again (at most once: docs/decisions/028-my-day-and-reminders.md).
 */
function neverAccepted(error: unknown) {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return (
    responseCode !== undefined || ["ECONNECTION", "EDNS", "EAUTH", "ETLS", "EENVELOPE"].includes(code ?? "")
  );
}

async function sendDigests(mailer: Mailer) {
  const sql = await db();
  // The users whose day (in their zone) has no digest yet: the update claims the day, once across instances (a
  // second instance's update waits for the first's and then finds the day taken).
  const users = await sql<{ id: string; email: string; timeZone: string; previous: string | null }[]>`
    update users u set digest_sent_on = (now() at time zone u.time_zone)::date
      from (select id, digest_sent_on from users
             where reminder_mode = 'DIGEST' and is_active
               and digest_sent_on is distinct from (now() at time zone time_zone)::date
             for update skip locked) d
     where u.id = d.id
     returning u.id, u.email, u.time_zone, d.digest_sent_on::text as previous`;
  let sent = 0;
  for (const [index, user] of users.entries()) {
    try {
      const text = await digestText(user.id, user.timeZone);
      if (!text) continue;
      await mailer.send({ to: [user.email], subject: "Your follow-ups today", text });
      sent++;
    } catch (error) {
      // Those after it were not tried, and this one only if the server cannot have taken it: their day is given
      // back for the next turn.
      for (const unsent of users.slice(neverAccepted(error) ? index : index + 1)) {
        await sql`update users set digest_sent_on = ${unsent.previous}::date where id = ${unsent.id}`;
      }
      throw error;
    }
  }
  return sent;
}

/** The digest: in each of the user's divisions, the follow-ups overdue and due today; null when none are. */
async function digestText(userId: string, timeZone: string): Promise<string | null> {
  const sql = await db();
  const { tomorrowStarts, todayStarts } = myDayBounds(timeZone);
  const divisions = await sql<{ company: Division }[]>`
    select company from company_access where user_id = ${userId} order by company`;
  const lines: string[] = [];
  for (const { company } of divisions) {
    const rows = await sql<{ leadName: string; company: string; content: string; followUpDate: Date }[]>`
      select l.first_name || ' ' || l.last_name as lead_name, l.company, n.content, n.follow_up_date
        from (select * from (${myFollowUpIds(sql, userId, company, sql`n.follow_up_date < ${tomorrowStarts}`, MY_DAY_COUNT_CAP)}) i
               order by i.follow_up_date, i.id limit ${MY_DAY_COUNT_CAP}) p
        join notes n on n.id = p.id join leads l on l.id = n.lead_id
       order by p.follow_up_date, p.id`;
    if (!rows.length) continue;
    const overdue = rows.filter((row) => row.followUpDate < todayStarts).length;
    lines.push(`${company}: ${cappedCount(rows.length)} due (${cappedCount(overdue)} overdue)`);
    for (const row of rows) {
      lines.push(
        `- ${formatDateTime(row.followUpDate, timeZone)}  ${row.leadName} (${row.company}): ${row.content}`,
      );
    }
    lines.push("");
  }
  return lines.length ? lines.join("\n") : null;
}
