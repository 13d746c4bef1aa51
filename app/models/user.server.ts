import { db, type Sql, type Tx } from "~/db/db.server";
import { isDivision, type Division } from "~/utils/divisions";
import { env } from "~/utils/env.server";
import { conflict, invalidInput, notFound } from "~/utils/errors";
import { containsPattern } from "~/db/like-pattern";
import { keyset } from "~/db/keyset.server";
import type { PageCursor } from "~/utils/page-cursor";
import type { Paging } from "~/utils/paging";
import { hashPassword } from "~/utils/password.server";
import {
  requireAdmin,
  requireDivisionAccess,
  userDivisions,
  type Actor,
  type SessionUser,
} from "./actor.server";
import { displayName, recordAudit } from "./audit.server";
import type { AssignableUser, CreateUserInput, User } from "./user.schema";
import type { Role } from "./user";

/** SQL for the PersonRef of the users row joined as `alias` (null when there is none). */
export function personRef(sql: Sql | Tx, alias: string) {
  return sql`case when ${sql(alias)}.id is null then null else json_build_object(
    'id', ${sql(alias)}.id, 'firstName', ${sql(alias)}.first_name, 'lastName', ${sql(alias)}.last_name) end`;
}

/** The User columns of the users row `u`, with its company access in the order it was granted. */
export function userColumns(sql: Sql | Tx) {
  return sql`
    u.id, u.email, u.first_name, u.last_name, u.role, u.is_active, u.created_at, u.profile_image_url,
    u.password_hash is not null as has_password,
    coalesce(
      (select json_agg(json_build_object('company', ca.company)
                       order by ca.created_at, ca.company = 'NLH')
         from company_access ca where ca.user_id = u.id),
      '[]'::json
    ) as company_access`;
}

export function toPublicUser<U extends User>(user: U): User {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    companyAccess: user.companyAccess,
    isActive: user.isActive,
    createdAt: user.createdAt,
    profileImageUrl: user.profileImageUrl,
    hasPassword: user.hasPassword,
  };
}

async function getUser(sql: Sql | Tx, id: string): Promise<User | null> {
  const [user] = await sql<User[]>`select ${userColumns(sql)} from users u where u.id = ${id}`;
  return user ?? null;
}

/** One user, for administration; 404 when there is none. Admins only. */
export async function findUser(actor: Actor, id: string): Promise<User> {
  requireAdmin(actor);
  const user = await getUser(await db(actor), id);
  if (!user) throw notFound();
  return user;
}

/** 404 unless the user exists: checked before the input, in CONTRACT.md's order. Admins only. */
export async function requireUserRecord(actor: Actor, id: string) {
  requireAdmin(actor);
  const sql = await db(actor);
  const [row] = await sql`select 1 from users where id = ${id}`;
  if (!row) throw notFound();
}

/** The user a sign-in has just signed in: the session proves it is themselves. */
export async function getSignedInUser(sessionUserId: string): Promise<User> {
  const user = await getUser(await db(), sessionUserId);
  if (!user) throw notFound();
  return user;
}

/** The row a sign-in checks its password against (whoever asks: nobody is signed in yet). */
export async function findLoginCandidate(email: string) {
  const sql = await db();
  const [user] = await sql<{ id: string; passwordHash: string | null; isActive: boolean }[]>`
    select id, password_hash, is_active from users where email = ${email.trim().toLowerCase()}`;
  return user ?? null;
}

/**
 * Users for administration, oldest first (the order they were added), a page at a time and searched by name
 * or e-mail in SQL; without a limit, all of them. Admins only.
 */
export async function listUsers(
  actor: Actor,
  query: { search?: string } = {},
  paging: Paging = {},
): Promise<{ users: User[]; total: number; next: PageCursor | null }> {
  requireAdmin(actor);
  const sql = await db(actor);
  const pattern = containsPattern(query.search);
  const filter = sql`where true ${
    pattern ? sql`and (u.first_name || ' ' || u.last_name || ' ' || u.email) ilike ${pattern}` : sql``
  }`;
  const order = keyset(
    sql,
    "users",
    [
      { expr: sql`u.created_at`, type: "timestamptz", dir: "asc" },
      { expr: sql`u.email`, type: "text", dir: "asc" },
    ],
    paging,
  );
  // A few dozen users: counting them beside the page costs nothing worth carrying in a cursor.
  const [rows, [{ total }]] = await Promise.all([
    sql<(User & { sortKey: (string | null)[] })[]>`
      select ${userColumns(sql)}, ${order.key} as sort_key
        from users u ${filter} ${order.after}
       ${order.order}
       ${paging.limit !== undefined ? sql`limit ${paging.limit + 1}` : sql``}
       ${paging.offset ? sql`offset ${paging.offset}` : sql``}`,
    sql<{ total: number }[]>`select count(*)::int as total from users u ${filter}`,
  ]);
  const page = order.page(rows, paging.limit ?? rows.length);
  return { users: page.rows, total, next: page.next };
}

/** The admin panel's statistics (SPEC.md "Admin"), counted by the database. Admins only. */
export async function userStatistics(actor: Actor) {
  requireAdmin(actor);
  const sql = await db(actor);
  const [stats] = await sql<
    { tssOnly: number; nlhOnly: number; both: number; total: number; active: number; admins: number }[]
  >`
    with access as (
      select u.id, u.is_active, u.role,
             bool_or(ca.company = 'TSS') as tss, bool_or(ca.company = 'NLH') as nlh
        from users u left join company_access ca on ca.user_id = u.id
       group by u.id
    )
    select count(*) filter (where tss and not nlh)::int as tss_only,
           count(*) filter (where nlh and not tss)::int as nlh_only,
           count(*) filter (where tss and nlh)::int as both,
           count(*)::int as total,
           count(*) filter (where is_active)::int as active,
           count(*) filter (where role = 'ADMIN')::int as admins
      from access`;
  return stats;
}

/** Active users with access to a division (one of the actor's): the people a lead there can be assigned to. */
export async function listAssignableUsers(actor: Actor, division: Division): Promise<AssignableUser[]> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  return sql<AssignableUser[]>`
    select u.id, u.first_name, u.last_name, u.email
      from users u join company_access ca on ca.user_id = u.id and ca.company = ${division}
     where u.is_active
     order by u.first_name, u.last_name, u.email`;
}

async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx<
    { id: string; email: string; firstName: string; lastName: string; role: Role; isActive: boolean }[]
  >`
    select id, email, first_name, last_name, role, is_active from users where id = ${userId} for update`;
  if (!row) throw notFound();
  return row;
}

/** Refuses a change that would leave no active admin. Locks the admins so two such changes serialise. */
async function assertAnotherActiveAdmin(tx: Tx, userId: string) {
  const admins = await tx<{ id: string }[]>`
    select id from users where role = 'ADMIN' and is_active order by id for update`;
  if (!admins.some((admin) => admin.id !== userId)) {
    throw conflict("The last active admin cannot be demoted or deactivated");
  }
}

export async function createUser(actor: Actor, input: CreateUserInput): Promise<User> {
  requireAdmin(actor);
  const sql = await db(actor);
  const passwordHash = await hashPassword(input.password);
  return sql.begin(async (tx) => {
    const [taken] = await tx`select 1 from users where email = ${input.email}`;
    if (taken) throw conflict("A user with this email already exists");
    const [created] = await tx<{ id: string }[]>`
      insert into users (email, first_name, last_name, role, password_hash)
      values (${input.email}, ${input.firstName}, ${input.lastName}, ${input.role}, ${passwordHash})
      on conflict (email) do nothing
      returning id`;
    // Two admins creating the same e-mail at once: the loser lands here instead of on a unique violation.
    if (!created) throw conflict("A user with this email already exists");
    for (const [index, company] of input.companies.entries()) {
      await tx`
        insert into company_access (user_id, company, created_at)
        values (${created.id}, ${company}, now() + ${index} * interval '1 microsecond')`;
    }
    await recordAudit(tx, {
      action: "USER_CREATED",
      user: actor.user,
      resource: `user:${created.id}`,
      details: `Created ${input.email} as ${input.role} with access to ${input.companies.join(", ")}`,
      info: actor.info,
    });
    return (await getUser(tx, created.id))!;
  });
}

export async function changeRole(actor: Actor, userId: string, role: Role): Promise<User> {
  requireAdmin(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    // The admins are locked before the target row, in one order everywhere, so two demotions cannot deadlock.
    if (role !== "ADMIN") await assertAnotherActiveAdmin(tx, userId);
    const target = await lockUser(tx, userId);
    // The role it has already (a second admin's same change, a form saved unchanged): nothing to record.
    if (target.role === role) return (await getUser(tx, userId))!;
    await tx`update users set role = ${role}, updated_at = now() where id = ${userId}`;
    await recordAudit(tx, {
      action: "PERMISSION_CHANGED",
      user: actor.user,
      resource: `user:${userId}`,
      details: `Role of ${target.email} set to ${role}`,
      info: actor.info,
    });
    return (await getUser(tx, userId))!;
  });
}

export async function grantCompanyAccess(actor: Actor, userId: string, company: Division): Promise<User> {
  requireAdmin(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const target = await lockUser(tx, userId);
    const granted = await tx`
      insert into company_access (user_id, company) values (${userId}, ${company})
      on conflict do nothing returning company`;
    if (granted.length) {
      await recordAudit(tx, {
        action: "PERMISSION_CHANGED",
        user: actor.user,
        resource: `user:${userId}`,
        details: `Granted ${company} access to ${target.email}`,
        info: actor.info,
      });
    }
    return (await getUser(tx, userId))!;
  });
}

export async function revokeCompanyAccess(actor: Actor, userId: string, company: Division): Promise<User> {
  requireAdmin(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const target = await lockUser(tx, userId);
    const access = await tx<{ company: Division }[]>`
      select company from company_access where user_id = ${userId}`;
    if (!access.some((entry) => entry.company === company)) return (await getUser(tx, userId))!;
    if (access.length === 1) {
      throw invalidInput({ company: ["At least one company must be selected"] });
    }
    await tx`delete from company_access where user_id = ${userId} and company = ${company}`;
    await recordAudit(tx, {
      action: "PERMISSION_CHANGED",
      user: actor.user,
      resource: `user:${userId}`,
      details: `Revoked ${company} access from ${target.email}`,
      info: actor.info,
    });
    return (await getUser(tx, userId))!;
  });
}

/**
 * Sets a first password ("set": 409 when one exists) or replaces one ("change": 409 when none exists).
 * Ends the user's other sessions and revokes their API tokens: whoever knew the old password is shut out.
 */
export async function setPassword(
  actor: Actor,
  userId: string,
  password: string,
  mode: "set" | "change",
): Promise<User> {
  requireAdmin(actor);
  const sql = await db(actor);
  const passwordHash = await hashPassword(password);
  return sql.begin(async (tx) => {
    const target = await lockUser(tx, userId);
    const [{ hasPassword }] = await tx<{ hasPassword: boolean }[]>`
      select password_hash is not null as has_password from users where id = ${userId}`;
    if (mode === "set" && hasPassword) {
      throw conflict("This user already has a password; change it instead");
    }
    if (mode === "change" && !hasPassword) {
      throw conflict("This user has no password yet; set one instead");
    }
    await tx`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId}`;
    // Not the actor's own session; with an API token (no session) all of them. Their API tokens end too: one
    // made by whoever knew the old password must not outlive it (docs/decisions/006-api-tokens.md).
    await tx`delete from sessions where user_id = ${userId} and id is distinct from ${actor.user.sessionId}`;
    await tx`update api_tokens set revoked_at = now() where user_id = ${userId} and revoked_at is null`;
    await recordAudit(tx, {
      action: "PASSWORD_CHANGED",
      user: actor.user,
      resource: `user:${userId}`,
      details: `${mode === "set" ? "Set" : "Changed"} the password of ${target.email}`,
      info: actor.info,
    });
    return (await getUser(tx, userId))!;
  });
}

export async function setUserStatus(actor: Actor, userId: string, isActive: boolean): Promise<User> {
  requireAdmin(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    if (!isActive) await assertAnotherActiveAdmin(tx, userId);
    const target = await lockUser(tx, userId);
    if (target.isActive === isActive) return (await getUser(tx, userId))!;
    if (!isActive) {
      // Signed out everywhere, and their scripts with them: reactivating does not revive either.
      await tx`delete from sessions where user_id = ${userId}`;
      await tx`update api_tokens set revoked_at = now() where user_id = ${userId} and revoked_at is null`;
    }
    await tx`update users set is_active = ${isActive}, updated_at = now() where id = ${userId}`;
    await recordAudit(tx, {
      action: "USER_STATUS_CHANGED",
      user: actor.user,
      resource: `user:${userId}`,
      details: `${isActive ? "Activated" : "Deactivated"} ${displayName(target)}`,
      info: actor.info,
    });
    return (await getUser(tx, userId))!;
  });
}

/** Remembers the division the user switched to; only one they have access to. */
export async function selectDivision(user: SessionUser, division: string): Promise<boolean> {
  if (!isDivision(division) || !userDivisions(user).includes(division)) return false;
  const sql = await db();
  await sql`update users set selected_division = ${division} where id = ${user.id}`;
  return true;
}

/** On an empty users table: the first ADMIN, with access to both divisions. Returns its password if generated. */
export async function ensureFirstAdmin(): Promise<{
  email: string;
  password: string;
  generated: boolean;
} | null> {
  const sql = await db();
  const { admin: config } = env();
  const email = config.email;
  const generated = !config.password;
  const password = config.password ?? randomPassword();
  const passwordHash = await hashPassword(password);
  return sql.begin(async (tx) => {
    await tx`lock table users in share row exclusive mode`;
    const [existing] = await tx`select 1 from users limit 1`;
    if (existing) return null;
    const [admin] = await tx<{ id: string }[]>`
      insert into users (email, first_name, last_name, role, password_hash)
      values (${email}, ${config.firstName}, ${config.lastName}, 'ADMIN', ${passwordHash})
      returning id`;
    await tx`
      insert into company_access (user_id, company, created_at)
      values (${admin.id}, 'TSS', now()), (${admin.id}, 'NLH', now() + interval '1 microsecond')`;
    return { email, password, generated };
  });
}

function randomPassword() {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}
