import type postgres from "postgres";
import { db, type Sql, type Tx } from "~/db/db.server";
import type { Division } from "~/utils/divisions";
import { conflict, invalidInput, notFound } from "~/utils/errors";
import { inActorDivisions, requireDivisionAccess, requireWriteAccess, type Actor } from "./actor.server";
import { displayName, recordAudit } from "./audit.server";
import type { LeadInput, LeadUpdate } from "./lead.schema";
import { type Lead, type LeadDetail, type LeadProgress, type LeadStatus, STATUS_LABELS } from "./lead";
import { listLeadNotes } from "./note.server";
import { personRef } from "./user.server";

/**
 * One lead: its row's columns (which lead-list.server.ts's lists share), reading it and its detail, the
 * duplicate check, create, update, archive and restore.
 */

/** The columns of CONTRACT.md's Lead, from `leads l` with its creator and assignee joined as cb and au. */
export function leadColumns(sql: Sql | Tx) {
  return sql`
    l.id, l.first_name, l.last_name, l.email, l.phone, l.company, l.position, l.status,
    l.estimated_value, l.notes, l.company_division, l.is_archived, l.archived_at,
    ${personRef(sql, "cb")} as created_by, ${personRef(sql, "au")} as assigned_to,
    l.main_contact_id, l.version, l.created_at, l.updated_at`;
}

export function joinPeople(sql: Sql | Tx) {
  return sql`left join users cb on cb.id = l.created_by left join users au on au.id = l.assigned_to`;
}

/**
 * Every Lead column (and `extra`, a list's sort key), from `leads l` with its people joined; callers add the
 * division scope.
 */
export function leadSelect(sql: Sql | Tx, extra?: postgres.Fragment) {
  return sql`select ${leadColumns(sql)} ${extra ? sql`, ${extra}` : sql``} from leads l ${joinPeople(sql)}`;
}

/** A lead the actor may see, or 404: one in another division is not revealed. */
export async function getLead(actor: Actor, id: string, sql?: Sql | Tx): Promise<Lead> {
  const q = sql ?? (await db(actor));
  const [lead] = await q<Lead[]>`
    ${leadSelect(q)} where l.id = ${id} and ${inActorDivisions(q, actor, "l.company_division")}`;
  if (!lead) throw notFound();
  return lead;
}

export async function getLeadDetail(actor: Actor, id: string): Promise<LeadDetail> {
  const sql = await db(actor);
  const lead = await getLead(actor, id, sql);
  const [progress, notes] = await Promise.all([
    sql<LeadProgress[]>`
      select id, status, notes, created_at from lead_progress where lead_id = ${id} order by created_at, id`,
    listLeadNotes(sql, actor, id),
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
  const sql = await db(actor);
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
    throw invalidInput({
      assignedToId: ["The assignee must be an active user with access to this division"],
    });
  }
}

/**
 * The lead's main contact: the one the caller names (Create Contact & Add Lead), else the division's contact
 * with the same e-mail, else a new contact made from the lead's person fields (CONTRACT.md "Main contact").
 */
async function mainContactFor(
  tx: Tx,
  actor: Actor,
  input: LeadInput,
  division: Division,
  named: string | undefined,
): Promise<string> {
  if (named) {
    const [contact] = await tx`select 1 from contacts where id = ${named} and company_division = ${division}`;
    if (!contact)
      throw invalidInput({ mainContactId: ["The main contact must be a contact of this division"] });
    return named;
  }
  const email = input.email.trim().toLowerCase();
  // One find-or-create at a time per division and e-mail: two new leads at once would each find none.
  await tx`select pg_advisory_xact_lock(hashtext(${`main contact:${division}:${email}`}))`;
  const [existing] = await tx<{ id: string }[]>`
    select id from contacts
     where company_division = ${division} and lower(btrim(email)) = ${email}
     order by created_at, id limit 1`;
  if (existing) return existing.id;
  const [created] = await tx<{ id: string }[]>`
    insert into contacts (first_name, last_name, email, phone, company, position, company_division, created_by)
    values (${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone ?? null}, ${input.company},
            ${input.position ?? null}, ${division}, ${actor.user.id})
    returning id`;
  await recordAudit(tx, {
    action: "CONTACT_CREATED",
    user: actor.user,
    resource: `contact:${created.id}`,
    details: `Created contact ${input.firstName} ${input.lastName} (${input.company}) in ${division} for a new lead`,
    info: actor.info,
  });
  return created.id;
}

/** A new lead, its first progress entry and its audit row, in one transaction. */
export async function createLead(
  actor: Actor,
  division: Division,
  input: LeadInput,
  { mainContactId: namedContact }: { mainContactId?: string } = {},
): Promise<Lead> {
  requireWriteAccess(actor);
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    await assertAssignable(tx, input.assignedToId, division);
    const mainContactId = await mainContactFor(tx, actor, input, division, namedContact);
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
  return (await changeLead(actor, id, update)).lead;
}

/** updateLead, also telling the status the lead had before (the detail's stage bar offers to undo it). */
export async function changeLead(
  actor: Actor,
  id: string,
  update: LeadUpdate,
): Promise<{ lead: Lead; previousStatus: LeadStatus }> {
  requireWriteAccess(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const [current] = await tx<
      { status: LeadStatus; version: number; companyDivision: Division; assignedTo: string | null }[]
    >`
      select status, version, company_division, assigned_to from leads
       where id = ${id} and ${inActorDivisions(tx, actor, "company_division")}
       for update`;
    if (!current) throw notFound();
    // Only a new assignee is checked: a save that keeps one who has since left (or lost the division) is
    // not refused for it; the edit form sends the assignee back with every save.
    if (update.assignedToId !== undefined && update.assignedToId !== current.assignedTo)
      await assertAssignable(tx, update.assignedToId, current.companyDivision);
    if (update.version !== undefined && update.version !== current.version) throw conflict(STALE_MESSAGE);

    const changes: Record<string, string | number | null> = {};
    for (const [field, column] of Object.entries(UPDATABLE)) {
      const value = update[field as keyof typeof UPDATABLE];
      if (value !== undefined) changes[column] = value;
    }
    const columns = Object.keys(changes);
    // postgres.js expands sql(object, columns) only right after `set`, so the no-change save is its own query.
    if (columns.length) {
      await tx`update leads set ${tx(changes, columns)}, version = version + 1, updated_at = now(), updated_by = ${actor.user.id} where id = ${id}`;
    } else {
      await tx`update leads set version = version + 1, updated_at = now(), updated_by = ${actor.user.id} where id = ${id}`;
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
    return { lead: await getLead(actor, id, tx), previousStatus: current.status };
  });
}

/** Archives or restores leads, all or none (404 if any is not the actor's), auditing each one that changed. */
export async function setLeadsArchived(actor: Actor, ids: string[], archived: boolean): Promise<void> {
  requireWriteAccess(actor);
  const sql = await db(actor);
  await sql.begin((tx) => changeArchived(tx, actor, ids, archived));
}

/** The archive state of the actor's leads `ids` set, in the caller's transaction (see setLeadsArchived). */
async function changeArchived(tx: Tx, actor: Actor, ids: string[], archived: boolean) {
  const found = await tx<{ id: string; isArchived: boolean }[]>`
    select id, is_archived from leads
     where id = any(${tx.array(ids)}::uuid[]) and ${inActorDivisions(tx, actor, "company_division")}
     order by id
     for update`;
  if (found.length !== new Set(ids).size) throw notFound();
  const changing = found.filter((lead) => lead.isArchived !== archived).map((lead) => lead.id);
  if (!changing.length) return;
  await tx`
    update leads
       set is_archived = ${archived}, archived_at = ${archived ? tx`now()` : null},
           version = version + 1, updated_at = now(), updated_by = ${actor.user.id}
     where id = any(${tx.array(changing)}::uuid[])`;
  await tx`
    insert into audit_log (user_id, user_name, action, resource, details, ip_address, user_agent)
    select ${actor.user.id}, ${displayName(actor.user)}, ${archived ? "LEAD_ARCHIVED" : "LEAD_RESTORED"},
           'lead:' || id, ${archived ? "Archived" : "Restored"}, ${actor.info.ipAddress}, ${actor.info.userAgent}
      from unnest(${tx.array(changing)}::uuid[]) as id`;
}

/**
 * Archives or restores one lead and reads it back in the same transaction: once it is committed, the answer
 * is a success.
 */
async function setLeadArchived(actor: Actor, id: string, archived: boolean): Promise<Lead> {
  requireWriteAccess(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    await changeArchived(tx, actor, [id], archived);
    return getLead(actor, id, tx);
  });
}

export const archiveLead = (actor: Actor, id: string) => setLeadArchived(actor, id, true);
export const restoreLead = (actor: Actor, id: string) => setLeadArchived(actor, id, false);
