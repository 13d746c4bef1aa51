import type postgres from "postgres";
import { db, heavyWhen, type Sql, type Tx } from "~/db/db.server";
import type { Division } from "~/utils/divisions";
import { notFound } from "~/utils/errors";
import { fieldsContain, trigramPattern, wordsMatch } from "~/db/field-search.server";
import { countsByWords, divisionLexeme, wordQuery } from "~/db/search-words";
import { containsPattern } from "~/db/like-pattern";
import { keyset, keysetBatches, withMatchCount, type Keyset, type SortKey } from "~/db/keyset.server";
import type { PageCursor } from "~/utils/page-cursor";
import { MAX_LIMIT, type PageSize, type Paging } from "~/utils/paging";
import {
  inActorDivisions,
  requireDivisionAccess,
  requireStillActing,
  requireWriteAccess,
  type Actor,
} from "./actor.server";
import { recordAudit } from "./audit.server";
import type { Contact, ContactCard, ContactInput, ContactUpdate } from "./contact.schema";
import type { Lead } from "./lead";
import { leadSelect } from "./lead.server";
import { leadSearchText } from "./lead-list.server";
import { searchProbes } from "./search-statistics.server";

/** Related leads shown on a collapsed card (SPEC.md section 9); an expanded card shows up to this many. */
const COLLAPSED_RELATED = 2;
const EXPANDED_RELATED = 50;

function contactColumns(sql: Sql | Tx) {
  return sql`c.id, c.first_name, c.last_name, c.email, c.phone, c.company, c.position, c.company_division,
             c.created_at`;
}

/**
 * The leads related to contact `c` (CONTRACT.md): the division's leads whose company equals the contact's,
 * trimmed and in any case, and any lead whose main contact it is.
 */
function relatedTo(sql: Sql | Tx) {
  return sql`l.company_division = c.company_division
             and (lower(btrim(l.company)) = lower(btrim(c.company)) or l.main_contact_id = c.id)`;
}

/**
 * A contact's first name, last name, e-mail and company, lower-cased and apart by line breaks: the expression
 * of the search's trigram index (sql/00011_contact_search_text.sql), as leadSearchText is for leads.
 */
export function contactSearchText(sql: Sql) {
  return sql`lower(c.first_name || E'\\n' || c.last_name || E'\\n' || coalesce(c.email, '') || E'\\n' || c.company)`;
}

/** The expression of the contacts' whole-word index (sql/00023_search_words.sql). */
export function contactSearchWords(sql: Sql) {
  return sql`search_words(c.company_division, null,
    c.first_name || E'\\n' || c.last_name || E'\\n' || coalesce(c.email, '') || E'\\n' || c.company, c.company)`;
}

/**
 * The division's contacts, and with a search those whose company, first or last name or e-mail contains it.
 * `everyMatch` (a count, or the global search's first matches found in any order): the division compared in
 * a form no index serves, as lead-list.server.ts listFilter does, so that the search's index alone finds the
 * rows; with `byWords` too (a count), a search the whole-word index counts alone (countsByWords) is read from it,
 * the division among its lexemes (sql/00023, docs/decisions/030-global-search.md).
 */
export function contactFilter(
  sql: Sql,
  division: Division,
  search: string | undefined,
  { everyMatch = false, byWords = false } = {},
) {
  const pattern = containsPattern(search);
  if (!pattern) return sql`where c.company_division = ${division}`;
  const query = wordQuery(search);
  if (byWords && countsByWords(query))
    return sql`where ${wordsMatch(sql, contactSearchWords(sql), query, [divisionLexeme(division)])}`;
  const fields = [sql`c.company`, sql`c.first_name`, sql`c.last_name`, sql`c.email`];
  const probes = searchProbes("contacts", search!);
  const inDivision = everyMatch
    ? sql`(c.company_division = ${division}) is true`
    : sql`c.company_division = ${division}`;
  return sql`
    where ${inDivision} and ${fieldsContain(sql, contactSearchText(sql), fields, pattern, probes)}`;
}

/**
 * Company, then name (SPEC.md "Contacts"), ties by id; while searching, company matches come first. As keyset
 * keys (db/keyset.server.ts), continued after `paging.cursor`.
 */
function contactOrder(sql: Sql, pattern: string | null, paging: Paging) {
  const text = (expr: postgres.Fragment): SortKey => ({ expr, type: "text", dir: "asc" });
  const keys: SortKey[] = [
    ...(pattern ? [{ expr: sql`c.company ilike ${pattern}`, type: "boolean", dir: "desc" } as const] : []),
    text(sql`lower(c.company)`),
    text(sql`lower(c.last_name)`),
    text(sql`lower(c.first_name)`),
    { expr: sql`c.id`, type: "uuid", dir: "asc" },
  ];
  return keyset(sql, pattern ? "contacts:searched" : "contacts", keys, paging);
}

/**
 * One page of a division's contact cards, each with its first related leads (the main-contact ones first)
 * and how many it has. Unsearched, the total comes from the kept count (sql/00003); searched, from the
 * same scan as the page, or beside it when capped (`countUpTo`, the page) or counted by the whole-word index.
 * `expanded` is a card that shows up to EXPANDED_RELATED leads.
 */
export async function listContactPage(
  actor: Actor,
  division: Division,
  query: { search?: string; expanded?: string | null },
  paging: PageSize,
  { countUpTo }: { countUpTo?: number } = {},
): Promise<{ contacts: ContactCard[]; total: number; next: PageCursor | null }> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const pattern = containsPattern(query.search);
  const filter = contactFilter(sql, division, query.search);
  const order = contactOrder(sql, pattern, paging);
  // A capped count, or one the whole-word index answers alone, is its own statement beside the page.
  const countBeside =
    pattern !== null &&
    order.knownTotal === undefined &&
    (countUpTo !== undefined || countsByWords(wordQuery(query.search)));
  const inScan = pattern !== null && order.knownTotal === undefined && !countBeside;
  const source = inScan
    ? sql`${withMatchCount(sql, "c", sql`from contacts c ${filter}`)} where true`
    : sql`contacts c ${filter}`;
  const [rows, separateTotal] = await heavyWhen(sql, pattern !== null, () =>
    Promise.all([
      sql<(ContactCard & { total?: number; sortKey: (string | null)[] })[]>`
      with page as (
        select c.id ${inScan ? sql`, c.total` : sql``}
          from ${source} ${order.after} ${order.order}
         limit ${paging.limit + 1} ${paging.offset ? sql`offset ${paging.offset}` : sql``}
      )
      select ${contactColumns(sql)}, ${order.key} as sort_key ${inScan ? sql`, page.total` : sql``},
             coalesce(related.leads, '[]'::json) as related_leads, related_count.n as related_count
        from page join contacts c on c.id = page.id
        cross join lateral (
          select json_agg(json_build_object(
                   'id', l.id, 'firstName', l.first_name, 'lastName', l.last_name, 'company', l.company,
                   'status', l.status, 'isMain', l.main_contact_id is not distinct from c.id)) as leads
            from (select l.* from leads l where ${relatedTo(sql)}
                   order by l.main_contact_id is not distinct from c.id desc, l.updated_at desc, l.id
                   limit case when c.id = ${query.expanded ?? null}::uuid then ${EXPANDED_RELATED}::int
                              else ${COLLAPSED_RELATED}::int end) l
        ) related
        cross join lateral (select count(*)::int as n from leads l where ${relatedTo(sql)}) related_count
       ${order.order}`,
      pattern
        ? countBeside
          ? searchedCount(sql, division, query.search, countUpTo)
          : null
        : contactTotal(sql, division),
    ]),
  );
  const total =
    separateTotal ??
    order.knownTotal ??
    rows[0]?.total ??
    (paging.offset ? await countContacts(sql, division, query.search, countUpTo) : 0);
  const page = order.page(rows, paging.limit, pattern ? total : undefined);
  return { contacts: page.rows, total, next: page.next };
}

async function contactTotal(sql: Sql, division: Division) {
  const [row] = await sql<{ contacts: number }[]>`
    select contacts::int from contact_stats_now where company_division = ${division}`;
  return row?.contacts ?? 0;
}

async function countContacts(sql: Sql, division: Division, search: string | undefined, upTo?: number) {
  if (!search?.trim()) return contactTotal(sql, division);
  return heavyWhen(sql, true, () => searchedCount(sql, division, search, upTo));
}

/** A search's count; with `upTo`, it stops at the first match past that many (a page says "10,000+"). */
async function searchedCount(sql: Sql, division: Division, search: string | undefined, upTo?: number) {
  const filter = contactFilter(sql, division, search, { everyMatch: true, byWords: true });
  const [{ total }] =
    upTo === undefined
      ? await sql<{ total: number }[]>`select count(*)::int as total from contacts c ${filter}`
      : await sql<{ total: number }[]>`
          select count(*)::int as total from (select from contacts c ${filter} limit ${upTo + 1}) matches`;
  return total;
}

/**
 * Every matching contact (after the cursor, if any), for a list asked for without a limit: the total, then
 * batches by keyset (db/keyset.server.ts, keysetBatches).
 */
export async function streamContacts(
  actor: Actor,
  division: Division,
  search: string | undefined,
  paging: Paging = {},
): Promise<{ total: number; batches: AsyncIterable<Contact[]> }> {
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  const pattern = containsPattern(search);
  const order = contactOrder(sql, pattern, paging);
  const total = order.knownTotal ?? (await countContacts(sql, division, search));
  const batches = keysetBatches(
    sql,
    paging,
    async (after) => {
      const batch = contactOrder(sql, pattern, after);
      const rows = await sql<(Contact & { sortKey: (string | null)[] })[]>`
        select ${contactColumns(sql)}, ${batch.key} as sort_key
          from contacts c ${contactFilter(sql, division, search)}
         ${batch.after} ${batch.order}
         limit ${after.limit + 1} ${after.offset ? sql`offset ${after.offset}` : sql``}`;
      return batch.page(rows, after.limit);
    },
    { userId: actor.user.id, stillAllowed: () => requireStillActing(actor, { division }) },
  );
  return { total, batches };
}

/** A page of a division's contacts as CONTRACT.md's objects (GET /api/contacts/{division}?limit=). */
export async function listContacts(
  actor: Actor,
  division: Division,
  search: string | undefined,
  paging: PageSize,
): Promise<{ contacts: Contact[]; total: number; next: PageCursor | null }> {
  const { contacts, total, next } = await listContactPage(actor, division, { search }, paging);
  return {
    contacts: contacts.map(({ relatedLeads: _, relatedCount: __, ...contact }) => contact),
    total,
    next,
  };
}

/** A contact the actor may see, or 404: one in another division is not revealed. */
export async function getContact(actor: Actor, id: string, sql?: Sql | Tx): Promise<Contact> {
  const q = sql ?? (await db(actor));
  const [contact] = await q<Contact[]>`
    select ${contactColumns(q)} from contacts c
     where c.id = ${id} and ${inActorDivisions(q, actor, "c.company_division")}`;
  if (!contact) throw notFound();
  return contact;
}

/** A contact's related leads in CONTRACT.md's order: those it is the main contact of, then newest update. */
function relatedOrder(sql: Sql, paging: Paging) {
  return keyset(
    sql,
    "related:main:updated",
    [
      { expr: sql`(l.main_contact_id is not distinct from c.id)`, type: "boolean", dir: "desc" },
      { expr: sql`l.updated_at`, type: "timestamptz", dir: "desc" },
      { expr: sql`l.id`, type: "uuid", dir: "desc" },
    ],
    paging,
  );
}

/** A page of a contact's related leads, one more than asked, with their sort keys. */
function relatedLeads(sql: Sql, contactId: string, order: Keyset, paging: PageSize) {
  return sql<(Lead & { sortKey: (string | null)[] })[]>`
    ${leadSelect(sql, sql`${order.key} as sort_key`)}, contacts c
     where c.id = ${contactId} and ${relatedTo(sql)} ${order.after}
     ${order.order} limit ${paging.limit + 1} ${paging.offset ? sql`offset ${paging.offset}` : sql``}`;
}

async function countRelatedLeads(sql: Sql, contactId: string) {
  const [{ total }] = await sql<{ total: number }[]>`
    select count(*)::int as total from leads l, contacts c where c.id = ${contactId} and ${relatedTo(sql)}`;
  return total;
}

/**
 * A page of a contact's related leads (CONTRACT.md) as Lead objects, their number and the next page's cursor,
 * which carries that number so later pages need not count. The contact's own view shows the first page of
 * the largest size.
 */
export async function listRelatedLeads(
  actor: Actor,
  contactId: string,
  paging: PageSize = { limit: MAX_LIMIT },
): Promise<{ leads: Lead[]; total: number; next: PageCursor | null }> {
  const sql = await db(actor);
  const contact = await getContact(actor, contactId, sql);
  const order = relatedOrder(sql, paging);
  const [rows, total] = await Promise.all([
    relatedLeads(sql, contact.id, order, paging),
    order.knownTotal ?? countRelatedLeads(sql, contact.id),
  ]);
  const page = order.page(rows, paging.limit, total);
  return { leads: page.rows, total, next: page.next };
}

/** Every related lead (after the cursor, if any), for a list asked for without a limit: the total, then batches. */
export async function streamRelatedLeads(
  actor: Actor,
  contactId: string,
  paging: Paging = {},
): Promise<{ total: number; batches: AsyncIterable<Lead[]> }> {
  const sql = await db(actor);
  const contact = await getContact(actor, contactId, sql);
  const order = relatedOrder(sql, paging);
  const total = order.knownTotal ?? (await countRelatedLeads(sql, contact.id));
  const batches = keysetBatches(
    sql,
    paging,
    async (after) => {
      const batch = relatedOrder(sql, after);
      return batch.page(await relatedLeads(sql, contact.id, batch, after), after.limit);
    },
    {
      userId: actor.user.id,
      stillAllowed: () => requireStillActing(actor, { division: contact.companyDivision }),
    },
  );
  return { total, batches };
}

export async function createContact(actor: Actor, division: Division, input: ContactInput): Promise<Contact> {
  requireWriteAccess(actor);
  requireDivisionAccess(actor, division);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const [{ id }] = await tx<{ id: string }[]>`
      insert into contacts (first_name, last_name, email, phone, company, position, company_division, created_by)
      values (${input.firstName}, ${input.lastName}, ${input.email ?? null}, ${input.phone ?? null},
              ${input.company}, ${input.position ?? null}, ${division}, ${actor.user.id})
      returning id`;
    await recordAudit(tx, {
      action: "CONTACT_CREATED",
      user: actor.user,
      resource: `contact:${id}`,
      details: `Created contact ${input.firstName} ${input.lastName} (${input.company}) in ${division}`,
      info: actor.info,
    });
    return getContact(actor, id, tx);
  });
}

const UPDATABLE: Record<keyof ContactUpdate, string> = {
  firstName: "first_name",
  lastName: "last_name",
  email: "email",
  phone: "phone",
  company: "company",
  position: "position",
};

/** Applies the given fields; absent ones keep their value. */
export async function updateContact(actor: Actor, id: string, update: ContactUpdate): Promise<Contact> {
  requireWriteAccess(actor);
  const sql = await db(actor);
  return sql.begin(async (tx) => {
    const [current] = await tx`
      select id from contacts c where c.id = ${id} and ${inActorDivisions(tx, actor, "c.company_division")}
         for update`;
    if (!current) throw notFound();
    const changes: Record<string, string | null> = {};
    for (const [field, column] of Object.entries(UPDATABLE)) {
      const value = update[field as keyof ContactUpdate];
      if (value !== undefined) changes[column] = value;
    }
    const columns = Object.keys(changes);
    if (columns.length) {
      await tx`update contacts set ${tx(changes, columns)}, updated_at = now() where id = ${id}`;
    }
    await recordAudit(tx, {
      action: "CONTACT_UPDATED",
      user: actor.user,
      resource: `contact:${id}`,
      details: columns.length ? `Updated ${columns.join(", ")}` : "Saved without changes",
      info: actor.info,
    });
    return getContact(actor, id, tx);
  });
}

/**
 * The Add New Contact dialog's company suggestions (SPEC.md): the division's lead companies containing the
 * text, any case, de-duplicated, sorted, at most 5.
 */
export async function suggestCompanies(actor: Actor, division: Division, search: string): Promise<string[]> {
  requireDivisionAccess(actor, division);
  const pattern = containsPattern(search);
  if (!pattern) return [];
  const sql = await db(actor);
  const rows = await sql<{ company: string }[]>`
    select company from (
      select distinct on (lower(btrim(l.company))) btrim(l.company) as company
        from leads l
       where l.company_division = ${division}
         -- the candidates, from the search's trigram index (given the search's rarest parts when it is long)
         and ${leadSearchText(sql)} like lower(${trigramPattern(pattern, searchProbes("leads", search))})
         and l.company ilike ${pattern}
       order by lower(btrim(l.company)), btrim(l.company)
    ) as companies
    order by lower(company), company
    limit 5`;
  return rows.map((row) => row.company);
}
