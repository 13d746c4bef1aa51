import { db, type Sql, type Tx } from "~/db/db.server";
import type { RequestScope } from "~/db/db-scope.server";
import type { Division } from "~/utils/divisions";
import { forbidden } from "~/utils/errors";
import type { RequestInfo } from "~/http/request-info.server";
import type { TokenScope } from "./api-token";
import type { User } from "./user.schema";

/**
 * The acting user: who is signed in, which divisions they may see, whether they are an admin. Every model
 * function that reads or changes data takes an Actor and applies these rules itself, so no route can forget
 * them (docs/decisions/001-layers.md).
 */

/**
 * The signed-in user as the server sees them on each request (re-read from the database every time).
 * `sessionId` is null when the request came with an API token instead of a session cookie; then `tokenId` and
 * `tokenScope` name the token and what it may do (docs/security.md "API tokens").
 */
export type SessionUser = User & {
  selectedDivision: Division | null;
  sessionId: string | null;
  tokenId: string | null;
  tokenScope: TokenScope | null;
};

/**
 * Who is acting, and from where (for the audit log). `scope` binds the models' statements to the request
 * (`db(actor)`: cancelled with it, inside its transaction when it has one); scripts act without one.
 */
export type Actor = { user: SessionUser; info: RequestInfo; scope?: RequestScope };

/** The divisions a user may see, in their order; the first is their default. */
export function userDivisions(user: Pick<User, "companyAccess">): Division[] {
  return user.companyAccess.map((entry) => entry.company);
}

/** The division the shell shows: the chosen one while still allowed, else the first allowed, else TSS. */
export function currentDivision(user: SessionUser): Division {
  const allowed = userDivisions(user);
  if (user.selectedDivision && allowed.includes(user.selectedDivision)) return user.selectedDivision;
  return allowed[0] ?? "TSS";
}

/** An admin acting with all of an admin's powers: signed in, or with an admin-scoped token. */
export function isAdmin(actor: Actor) {
  return actor.user.role === "ADMIN" && (actor.user.tokenScope ?? "admin") === "admin";
}

/** User administration is for admins only (SPEC.md section 6). */
export function requireAdmin(actor: Actor) {
  if (!isAdmin(actor)) throw forbidden();
}

/** Changing anything takes a person signed in or a token made to write (not a read-only one). */
export function requireWriteAccess(actor: Actor) {
  if (actor.user.tokenScope === "read") throw forbidden();
}

/**
 * Throws forbidden unless the actor still stands as when their request began: active, their session or token
 * still open, and (when given) the division still theirs and their admin role still held. A long answer (a
 * streamed list, an export) asks between its batches, so one started before a deactivation, a sign-out or a
 * lost division stops at the next batch.
 */
export async function requireStillActing(
  actor: Actor,
  { division, admin = false }: { division?: Division; admin?: boolean } = {},
) {
  const sql = await db(actor);
  const { id, sessionId, tokenId } = actor.user;
  const [stands] = await sql`
    select 1 from users u
     where u.id = ${id} and u.is_active ${admin ? sql`and u.role = 'ADMIN'` : sql``}
       ${division ? sql`and exists (select 1 from company_access ca where ca.user_id = u.id and ca.company = ${division})` : sql``}
       ${sessionId ? sql`and exists (select 1 from sessions s where s.id = ${sessionId} and s.expires_at > now())` : sql``}
       ${tokenId ? sql`and exists (select 1 from api_tokens t where t.id = ${tokenId} and t.revoked_at is null and t.expires_at > now())` : sql``}`;
  if (!stands) throw forbidden();
}

/** A division named by the caller (a path, a form) must be one of the actor's. */
export function requireDivisionAccess(actor: Actor, division: Division) {
  if (!userDivisions(actor.user).includes(division)) throw forbidden();
}

/**
 * SQL: `column` holds one of the actor's divisions. An actor with no division selects nothing (never
 * everything). `column` is a trusted identifier such as "l.company_division".
 */
export function inActorDivisions(sql: Sql | Tx, actor: Actor, column: string) {
  const divisions = userDivisions(actor.user);
  if (!divisions.length) return sql`false`;
  return sql`${sql(column)} = any(${sql.array(divisions)}::text[])`;
}
