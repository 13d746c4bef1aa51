import { db, type Sql, type Tx } from "~/db/db.server";
import type { Division } from "~/utils/divisions";
import { conflict, forbidden, notFound } from "~/utils/errors";
import { requireDivisionAccess, requireWriteAccess, userDivisions, type Actor } from "./actor.server";
import { MAX_SAVED_VIEWS, type SavedView } from "./saved-view";
import type { SavedViewInput, SavedViewUpdate } from "./saved-view.schema";

/**
 * Saved views (docs/decisions/031-saved-views.md): a user's named lead lists in one division, each private or
 * shared with everyone who has that division. Anyone who sees a view may open it; only its owner changes or
 * deletes it. A view in a division the actor lacks, or another's private one, is not found.
 */

/** The SavedView of the saved_views row `v` joined to its owner `u`. */
function viewColumns(sql: Sql | Tx) {
  return sql`
    v.id, v.name, v.division, v.shared, v.query, v.created_at, v.updated_at,
    json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) as owner`;
}

/**
 * The views the actor sees in a division, their own first, then the shared ones of others, each by name;
 * at most `limit`. Two index ranges (the owner's views, the division's shared ones), a few rows each.
 */
export async function listSavedViews(
  actor: Actor,
  division: Division,
  { limit = 1000 } = {},
): Promise<SavedView[]> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const me = actor.user.id;
  return sql<SavedView[]>`
    select ${viewColumns(sql)}
      from saved_views v join users u on u.id = v.owner_id
     where v.division = ${division} and (v.owner_id = ${me} or v.shared)
     order by v.owner_id <> ${me}, lower(v.name), v.id
     limit ${limit}`;
}

/** The most views the sidebar lists under Leads. */
const SIDEBAR_VIEWS = 30;

/**
 * The shell's sidebar: the views the actor sees in the division the shell shows (none where they lack it),
 * as its links need them; one indexed read of a few rows on every page.
 */
export async function listSidebarViews(actor: Actor, division: Division) {
  if (!userDivisions(actor.user).includes(division)) return [];
  const views = await listSavedViews(actor, division, { limit: SIDEBAR_VIEWS });
  return views.map(({ id, name, shared, query }) => ({ id, name, shared, query }));
}

/**
 * A view the actor sees (their own, or shared in one of their divisions), else not found; with `own`, one
 * they see but do not own is forbidden.
 */
export async function getSavedView(actor: Actor, id: string, { own = false } = {}): Promise<SavedView> {
  const sql = await db(actor);
  const [view] = await sql<SavedView[]>`
    select ${viewColumns(sql)}
      from saved_views v join users u on u.id = v.owner_id
     where v.id = ${id} and (v.owner_id = ${actor.user.id} or v.shared)
       and v.division = any(${sql.array(userDivisions(actor.user))}::text[])`;
  if (!view) throw notFound();
  if (own && view.owner.id !== actor.user.id) throw forbidden();
  return view;
}

const nameTaken = (name: string) => conflict(`You already have a view named "${name}"`);

/**
 * A new view of the actor's in a division (`query` as the list writes it: the caller normalises it). A name
 * the actor already gives a view there, in any case, is a conflict; so is a view past MAX_SAVED_VIEWS.
 */
export async function createSavedView(
  actor: Actor,
  division: Division,
  input: SavedViewInput,
): Promise<SavedView> {
  requireDivisionAccess(actor, division);
  requireWriteAccess(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const [{ views }] = await tx<{ views: number }[]>`
      select count(*)::int as views from saved_views where owner_id = ${actor.user.id} and division = ${division}`;
    if (views >= MAX_SAVED_VIEWS) {
      throw conflict(`You have ${MAX_SAVED_VIEWS} saved views in ${division}; delete one first`);
    }
    const [created] = await tx<{ id: string }[]>`
      insert into saved_views (name, owner_id, division, shared, query)
      values (${input.name}, ${actor.user.id}, ${division}, ${input.shared}, ${input.query})
      on conflict (owner_id, division, lower(name)) do nothing
      returning id`;
    if (!created) throw nameTaken(input.name);
    return readView(tx, created.id);
  });
}

/** Renames, shares or unshares, or re-points the actor's own view; another's they see is forbidden. */
export async function updateSavedView(actor: Actor, id: string, change: SavedViewUpdate): Promise<SavedView> {
  requireWriteAccess(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    await ownView(tx, actor, id);
    try {
      await tx`
        update saved_views
           set name = coalesce(${change.name ?? null}, name),
               shared = coalesce(${change.shared ?? null}::boolean, shared),
               query = coalesce(${change.query ?? null}, query),
               updated_at = now()
         where id = ${id}`;
    } catch (error) {
      if ((error as { code?: string }).code === "23505") throw nameTaken(change.name!);
      throw error;
    }
    return readView(tx, id);
  });
}

/** Deletes the actor's own view and answers it as it was; another's they see is forbidden. */
export async function deleteSavedView(actor: Actor, id: string): Promise<SavedView> {
  requireWriteAccess(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const view = await ownView(tx, actor, id);
    await tx`delete from saved_views where id = ${id}`;
    return view;
  });
}

/** The actor's own view, locked for a change: not found unless they see it, forbidden unless theirs. */
async function ownView(tx: Tx, actor: Actor, id: string): Promise<SavedView> {
  const [view] = await tx<(SavedView & { ownerId: string })[]>`
    select ${viewColumns(tx)}, v.owner_id
      from saved_views v join users u on u.id = v.owner_id
     where v.id = ${id} and (v.owner_id = ${actor.user.id} or v.shared)
       and v.division = any(${tx.array(userDivisions(actor.user))}::text[])
       for update of v`;
  if (!view) throw notFound();
  if (view.ownerId !== actor.user.id) throw forbidden();
  const { ownerId: _, ...own } = view;
  return own;
}

async function readView(tx: Tx, id: string): Promise<SavedView> {
  const [view] = await tx<SavedView[]>`
    select ${viewColumns(tx)} from saved_views v join users u on u.id = v.owner_id where v.id = ${id}`;
  return view;
}
