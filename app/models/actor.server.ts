import type { Sql, Tx } from "~/utils/db.server";
import type { Division } from "~/utils/divisions";
import { forbidden } from "~/utils/errors";
import type { RequestInfo } from "~/utils/request-info.server";
import type { User } from "./user.schema";

/**
 * The acting user: who is signed in, which divisions they may see, whether they are an admin. Every model
 * function that reads or changes data takes an Actor and applies these rules itself, so no route can forget
 * them (docs/decisions/001-layers.md).
 */

/**
 * The signed-in user as the server sees them on each request (re-read from the database every time).
 * `sessionId` is null when the request came with an API token instead of a session cookie.
 */
export type SessionUser = User & { selectedDivision: Division | null; sessionId: string | null };

/** Who is acting, and from where (for the audit log). */
export type Actor = { user: SessionUser; info: RequestInfo };

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

export function isAdmin(actor: Actor) {
  return actor.user.role === "ADMIN";
}

/** User administration is for admins only (SPEC.md section 6). */
export function requireAdmin(actor: Actor) {
  if (!isAdmin(actor)) throw forbidden();
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
