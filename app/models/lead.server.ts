import { ApiError, forbidden, notFound } from "~/utils/api.server";
import { db, type Sql, type Tx } from "~/utils/db.server";
import type { Division } from "~/utils/divisions";
import { displayName, recordAudit } from "./audit.server";
import type { LeadInput, LeadSort, LeadStatus, LeadUpdate } from "./lead.schema";
import { LEAD_STATUSES, STATUS_LABELS } from "./lead.schema";
import { listLeadNotes, type Note } from "./note.server";
import { personRef, userDivisions, type Actor, type PersonRef } from "./user.server";

/** CONTRACT.md's Lead object. */
export type Lead = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  company: string;
  position: string | null;
  status: LeadStatus;
  estimatedValue: string | null;
  notes: string | null;
  companyDivision: Division;
  isArchived: boolean;
  archivedAt: Date | null;
  createdBy: PersonRef | null;
  assignedTo: PersonRef | null;
  mainContactId: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

export type LeadProgress = { id: string; status: LeadStatus; notes: string | null; createdAt: Date };

export type LeadNote = Omit<Note, "leadId">;

/** The detail answer: the lead's own notes text moves to leadNotes, since notes is the list of notes. */
export type LeadDetail = Omit<Lead, "notes"> & {
  leadNotes: string | null;
  progress: LeadProgress[];
  notes: LeadNote[];
};

export type LeadListQuery = {
  archived: boolean;
  myLeadsOnly?: boolean;
  search?: string;
  status?: LeadStatus;
  sort?: LeadSort;
  direction?: "asc" | "desc";
  limit?: number;
  offset?: number;
};

/** Every lead query selects the same columns, with the creator and assignee joined as cb and au. */
function leadSelect(sql: Sql | Tx) {
  return sql`
    select l.id, l.first_name, l.last_name, l.email, l.phone, l.company, l.position, l.status,
           l.estimated_value, l.notes, l.company_division, l.is_archived, l.archived_at,
           ${personRef(sql, "cb")} as created_by, ${personRef(sql, "au")} as assigned_to,
           l.main_contact_id, l.version, l.created_at, l.updated_at
      from leads l
      left join users cb on cb.id = l.created_by
      left join users au on au.id = l.assigned_to`;
}

/** The divisions the actor may see; an empty list must select nothing (never everything). */
function allowed(actor: Actor): Division[] {
  return userDivisions(actor.user);
}

/** A division named in a path must be one of the actor's: 403 otherwise. */
export function requireDivisionAccess(actor: Actor, division: Division) {
  if (!allowed(actor).includes(division)) throw forbidden();
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function listFilter(sql: Sql, actor: Actor, division: Division, query: LeadListQuery) {
  const search = query.search?.trim();
  const pattern = search ? `%${escapeLike(search)}%` : null;
  return sql`
    where l.company_division = ${division} and l.is_archived = ${query.archived}
      ${query.myLeadsOnly ? sql`and (l.created_by = ${actor.user.id} or l.assigned_to = ${actor.user.id})` : sql``}
      ${query.status ? sql`and l.status = ${query.status}` : sql``}
      ${
        pattern
          ? sql`and (l.first_name || ' ' || l.last_name || ' ' || l.email || ' ' || l.company) ilike ${pattern}
                and (l.first_name ilike ${pattern} or l.last_name ilike ${pattern}
                     or l.email ilike ${pattern} or l.company ilike ${pattern})`
          : sql``
      }`;
}

function listOrder(sql: Sql, query: LeadListQuery) {
  const dir = query.direction === "asc" ? sql`asc` : sql`desc`;
  const sort = query.sort ?? "updated";
  const key = {
    company: sql`lower(l.company) ${dir}, lower(l.last_name) ${dir}`,
    contact: sql`lower(l.first_name) ${dir}, lower(l.last_name) ${dir}`,
    status: sql`array_position(${sql.array([...LEAD_STATUSES])}::text[], l.status) ${dir}`,
    value: sql`l.estimated_value ${dir} nulls last`,
    owner: sql`lower(cb.first_name) ${dir} nulls last, lower(cb.last_name) ${dir} nulls last`,
    updated: sql`l.updated_at ${dir}`,
    archived: sql`l.archived_at ${dir} nulls last`,
  }[sort];
  return sql`order by ${key}, l.id ${dir}`;
}

/**
 * One page of a division's active or archived leads, filtered, sorted and counted in SQL. Without a limit
 * the whole list comes back (CONTRACT.md); the page asks for 50 at a time. The page's ids are found on the
 * leads table alone, and only those rows are joined to their people, so deep pages and sorts stay cheap.
 */
export async function listLeads(
  actor: Actor,
  division: Division,
  query: LeadListQuery,
): Promise<{ leads: Lead[]; total: number }> {
  requireDivisionAccess(actor, division);
  const sql = await db();
  const where = listFilter(sql, actor, division, query);
  const order = listOrder(sql, query);
  const [leads, [{ total }]] = await Promise.all([
    sql<Lead[]>`
      with page as (
        select l.id from leads l
          ${query.sort === "owner" ? sql`left join users cb on cb.id = l.created_by` : sql``}
          ${where} ${order}
          ${query.limit !== undefined ? sql`limit ${query.limit}` : sql``}
          ${query.offset ? sql`offset ${query.offset}` : sql``}
      )
      ${leadSelect(sql)} join page on page.id = l.id ${order}`,
    sql<{ total: number }[]>`select count(*)::int as total from leads l ${where}`,
  ]);
  return { leads, total };
}

/** Active and archived totals under the same filters, for the two tabs' labels. */
export async function countLeadTabs(
  actor: Actor,
  division: Division,
  query: Omit<LeadListQuery, "archived">,
) {
  requireDivisionAccess(actor, division);
  const sql = await db();
  const [active, archived] = await Promise.all(
    [false, true].map(async (archived) => {
      const [{ total }] = await sql<{ total: number }[]>`
        select count(*)::int as total from leads l ${listFilter(sql, actor, division, { ...query, archived })}`;
      return total;
    }),
  );
  return { active, archived };
}

/** A lead the actor may see, or 404: one in another division is not revealed. */
export async function getLead(actor: Actor, id: string, sql?: Sql | Tx): Promise<Lead> {
  const q = sql ?? (await db());
  const [lead] = await q<Lead[]>`
    ${leadSelect(q)} where l.id = ${id} and l.company_division = any(${q.array(allowed(actor))}::text[])`;
  if (!lead) throw notFound();
  return lead;
}

export async function getLeadDetail(actor: Actor, id: string): Promise<LeadDetail> {
  const sql = await db();
  const lead = await getLead(actor, id, sql);
  const [progress, notes] = await Promise.all([
    sql<LeadProgress[]>`
      select id, status, notes, created_at from lead_progress where lead_id = ${id} order by created_at, id`,
    listLeadNotes(sql, id),
  ]);
  const { notes: leadNotes, ...rest } = lead;
  // Each note is the lead's own, so the detail leaves out its leadId (CONTRACT.md's note shape here).
  return { ...rest, leadNotes, progress, notes: notes.map(({ leadId: _, ...note }) => note) };
}

/**
 * The division's leads, active and archived, with the same e-mail, or the same first and last name
 * (trimmed, any case). Blank inputs are ignored; all blank gives none.
 */
export async function findDuplicateLeads(
  actor: Actor,
  division: Division,
  input: { email: string; firstName: string; lastName: string },
): Promise<Lead[]> {
  requireDivisionAccess(actor, division);
  const email = input.email.trim().toLowerCase();
  const first = input.firstName.trim().toLowerCase();
  const last = input.lastName.trim().toLowerCase();
  const byName = first !== "" && last !== "";
  if (!email && !byName) return [];
  const sql = await db();
  return sql<Lead[]>`
    ${leadSelect(sql)}
     where l.company_division = ${division}
       and (${email ? sql`lower(btrim(l.email)) = ${email}` : sql`false`}
            or ${byName ? sql`(lower(btrim(l.first_name)) = ${first} and lower(btrim(l.last_name)) = ${last})` : sql`false`})
     order by l.is_archived, l.updated_at desc, l.id`;
}

/** An assignee must be an active user with access to the lead's division. */
async function assertAssignable(tx: Tx, userId: string | null | undefined, division: Division) {
  if (!userId) return;
  const [ok] = await tx`
    select 1 from users u join company_access ca on ca.user_id = u.id
     where u.id = ${userId} and u.is_active and ca.company = ${division}`;
  if (!ok) {
    throw new ApiError(400, "Invalid input", {
      assignedToId: ["The assignee must be an active user with access to this division"],
    });
  }
}

/**
 * The lead's main contact: the division's contact with the same e-mail, else a new contact made from the
 * lead's person fields (CONTRACT.md "Main contact").
 */
async function mainContactFor(tx: Tx, actor: Actor, input: LeadInput, division: Division): Promise<string> {
  const [existing] = await tx<{ id: string }[]>`
    select id from contacts
     where company_division = ${division} and lower(btrim(email)) = ${input.email.trim().toLowerCase()}
     order by created_at, id limit 1`;
  if (existing) return existing.id;
  const [created] = await tx<{ id: string }[]>`
    insert into contacts (first_name, last_name, email, phone, company, position, company_division, created_by)
    values (${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone ?? null}, ${input.company},
            ${input.position ?? null}, ${division}, ${actor.user.id})
    returning id`;
  return created.id;
}

export async function createLead(actor: Actor, division: Division, input: LeadInput): Promise<Lead> {
  requireDivisionAccess(actor, division);
  const sql = await db();
  return sql.begin(async (tx) => {
    await assertAssignable(tx, input.assignedToId, division);
    const mainContactId = await mainContactFor(tx, actor, input, division);
    const [{ id }] = await tx<{ id: string }[]>`
      insert into leads (first_name, last_name, email, phone, company, position, status, estimated_value, notes,
                         company_division, created_by, assigned_to, main_contact_id)
      values (${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone ?? null}, ${input.company},
              ${input.position ?? null}, ${input.status}, ${input.estimatedValue ?? null}, ${input.notes ?? null},
              ${division}, ${actor.user.id}, ${input.assignedToId ?? null}, ${mainContactId})
      returning id`;
    await tx`
      insert into lead_progress (lead_id, status, notes, created_by)
      values (${id}, ${input.status}, 'Lead created', ${actor.user.id})`;
    await recordAudit(tx, {
      action: "LEAD_CREATED",
      user: actor.user,
      resource: `lead:${id}`,
      details: `Created lead ${input.firstName} ${input.lastName} (${input.company}) in ${division}`,
      info: actor.info,
    });
    return getLead(actor, id, tx);
  });
}

const STALE_MESSAGE = "This lead was changed by someone else. Reload and try again.";

const UPDATABLE: Record<keyof Omit<LeadUpdate, "version">, string> = {
  firstName: "first_name",
  lastName: "last_name",
  email: "email",
  phone: "phone",
  company: "company",
  position: "position",
  status: "status",
  estimatedValue: "estimated_value",
  notes: "notes",
  assignedToId: "assigned_to",
};

/**
 * Applies the given fields. With `version`, a save based on an older read is refused (409) and nothing
 * changes. A status change adds a progress row.
 */
export async function updateLead(actor: Actor, id: string, update: LeadUpdate): Promise<Lead> {
  const sql = await db();
  return sql.begin(async (tx) => {
    const [current] = await tx<{ status: LeadStatus; version: number; companyDivision: Division }[]>`
      select status, version, company_division from leads
       where id = ${id} and company_division = any(${tx.array(allowed(actor))}::text[])
       for update`;
    if (!current) throw notFound();
    if (update.assignedToId !== undefined)
      await assertAssignable(tx, update.assignedToId, current.companyDivision);
    if (update.version !== undefined && update.version !== current.version)
      throw new ApiError(409, STALE_MESSAGE);

    const changes: Record<string, string | number | null> = {};
    for (const [field, column] of Object.entries(UPDATABLE)) {
      const value = update[field as keyof typeof UPDATABLE];
      if (value !== undefined) changes[column] = value;
    }
    const columns = Object.keys(changes);
    // postgres.js expands sql(object, columns) only right after `set`, so the no-change save is its own query.
    if (columns.length) {
      await tx`update leads set ${tx(changes, columns)}, version = version + 1, updated_at = now() where id = ${id}`;
    } else {
      await tx`update leads set version = version + 1, updated_at = now() where id = ${id}`;
    }
    if (update.status && update.status !== current.status) {
      await tx`
        insert into lead_progress (lead_id, status, notes, created_by)
        values (${id}, ${update.status},
                ${`Status changed from ${STATUS_LABELS[current.status]} to ${STATUS_LABELS[update.status]}`},
                ${actor.user.id})`;
    }
    await recordAudit(tx, {
      action: "LEAD_UPDATED",
      user: actor.user,
      resource: `lead:${id}`,
      details: columns.length ? `Updated ${columns.join(", ")}` : "Saved without changes",
      info: actor.info,
    });
    return getLead(actor, id, tx);
  });
}

/** Archives or restores leads, all or none (404 if any is not the actor's), auditing each one that changed. */
export async function setLeadsArchived(actor: Actor, ids: string[], archived: boolean): Promise<void> {
  const sql = await db();
  await sql.begin(async (tx) => {
    const found = await tx<{ id: string; isArchived: boolean }[]>`
      select id, is_archived from leads
       where id = any(${tx.array(ids)}::uuid[]) and company_division = any(${tx.array(allowed(actor))}::text[])
       order by id
       for update`;
    if (found.length !== new Set(ids).size) throw notFound();
    const changing = found.filter((lead) => lead.isArchived !== archived).map((lead) => lead.id);
    if (!changing.length) return;
    await tx`
      update leads
         set is_archived = ${archived}, archived_at = ${archived ? tx`now()` : null},
             version = version + 1, updated_at = now()
       where id = any(${tx.array(changing)}::uuid[])`;
    await tx`
      insert into audit_log (user_id, user_name, action, resource, details, ip_address, user_agent)
      select ${actor.user.id}, ${displayName(actor.user)}, ${archived ? "LEAD_ARCHIVED" : "LEAD_RESTORED"},
             'lead:' || id, ${archived ? "Archived" : "Restored"}, ${actor.info.ipAddress}, ${actor.info.userAgent}
        from unnest(${tx.array(changing)}::uuid[]) as id`;
  });
}

export async function archiveLead(actor: Actor, id: string): Promise<Lead> {
  await setLeadsArchived(actor, [id], true);
  return getLead(actor, id);
}

export async function restoreLead(actor: Actor, id: string): Promise<Lead> {
  await setLeadsArchived(actor, [id], false);
  return getLead(actor, id);
}
