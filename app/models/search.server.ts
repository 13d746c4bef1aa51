import type postgres from "postgres";
import { db, heavyWhen, type Sql } from "~/db/db.server";
import { trigramPattern, wordsMatch } from "~/db/field-search.server";
import { containsPattern } from "~/db/like-pattern";
import { divisionLexeme, wordQuery } from "~/db/search-words";
import type { Division } from "~/utils/divisions";
import { requireDivisionAccess, type Actor } from "./actor.server";
import { contactFilter, contactSearchText, contactSearchWords } from "./contact.server";
import { leadSearchText, leadSearchWords, searchFilter } from "./lead-list.server";
import { SEARCH_GROUP_SIZE, type GlobalSearch, type SearchContact, type SearchLead } from "./search";
import { searchProbes } from "./search-statistics.server";

/**
 * Rows of leads and of contacts whose companies are gathered, at most, for the companies group: a common word
 * ("ltd") is in a tenth of a million rows, and the group shows a few names, not all.
 */
const COMPANY_ROWS = 500;

/** Leads and contacts read for their groups, the first found; the groups show the newest or first of these. */
const FIRST_FOUND = 100;

/**
 * The global search (docs/decisions/030-global-search.md): the division's leads (active and archived, the
 * archived marked), contacts and company names containing `q` as the lists search (CONTRACT.md: a substring
 * of first name, last name, e-mail or company, any case), a few of each and whether there are more. The
 * few are the newest (leads) or first by company and name (contacts) of the first FIRST_FOUND found.
 */
export async function globalSearch(actor: Actor, division: Division, q: string): Promise<GlobalSearch> {
  requireDivisionAccess(actor, division);
  const pattern = containsPattern(q);
  if (!pattern)
    return {
      leads: [],
      contacts: [],
      companies: [],
      more: { leads: false, contacts: false, companies: false },
    };
  const sql = await db(actor);
  const take = SEARCH_GROUP_SIZE + 1;
  // The first matches found, in no order (the index's), then ordered: a common word's newest or first by
  // name would be a walk of the division in that order, and a rare one's would be that walk to its end.
  const [leads, contacts, companies] = await heavyWhen(sql, true, () =>
    Promise.all([
      sql<SearchLead[]>`
        select id, first_name, last_name, email, company, status, is_archived from (
          select l.id, l.first_name, l.last_name, l.email, l.company, l.status, l.is_archived, l.updated_at
            from leads l
           where (l.company_division = ${division}) is true ${searchFilter(sql, q, pattern)}
           limit ${FIRST_FOUND}
        ) found
        order by is_archived, updated_at desc, id desc
        limit ${take}`,
      sql<SearchContact[]>`
        select id, first_name, last_name, email, company from (
          select c.id, c.first_name, c.last_name, c.email, c.company
            from contacts c ${contactFilter(sql, division, q, { everyMatch: true })}
           limit ${FIRST_FOUND}
        ) found
        order by lower(company), lower(last_name), lower(first_name), id
        limit ${take}`,
      companyNames(sql, division, q, pattern, take),
    ]),
  );
  return {
    leads: leads.slice(0, SEARCH_GROUP_SIZE),
    contacts: contacts.slice(0, SEARCH_GROUP_SIZE),
    companies: companies.slice(0, SEARCH_GROUP_SIZE),
    more: {
      leads: leads.length > SEARCH_GROUP_SIZE,
      contacts: contacts.length > SEARCH_GROUP_SIZE,
      companies: companies.length > SEARCH_GROUP_SIZE,
    },
  };
}

/**
 * Company names of the division's leads and contacts containing the search, trimmed, one per name in any
 * case, in name order: from the whole-word index's company lexemes (sql/00023), else, for a search without
 * a run of three letters or digits, from the trigram index as the company suggestions are
 * (contact.server.ts suggestCompanies); gathered from at most COMPANY_ROWS rows of each table.
 */
function companyNames(sql: Sql, division: Division, q: string, pattern: string, take: number) {
  const words = wordQuery(q);
  // The division among the index's lexemes, not a column of the row: offered the division's own indexes,
  // the planner walked one for a common word ("Builders"), computing the word list on each row it passed.
  const scope = [divisionLexeme(division)];
  const leadRows = words
    ? wordsMatch(sql, leadSearchWords(sql), words, scope, { companyOnly: true })
    : sql`l.company_division = ${division}
          and ${leadSearchText(sql)} like lower(${trigramPattern(pattern, searchProbes("leads", q))})`;
  const contactRows = words
    ? wordsMatch(sql, contactSearchWords(sql), words, scope, { companyOnly: true })
    : sql`c.company_division = ${division}
          and ${contactSearchText(sql)} like lower(${trigramPattern(pattern, searchProbes("contacts", q))})`;
  // A one-run search is answered exactly by the company lexemes; any other is checked on the company.
  const check = (company: postgres.Fragment) => (words?.exact ? sql`` : sql`and ${company} ilike ${pattern}`);
  return sql<{ company: string }[]>`
    select company from (
      select distinct on (lower(company)) company
        from ((select btrim(l.company) as company from leads l
                where ${leadRows} ${check(sql`l.company`)} limit ${COMPANY_ROWS})
              union all
              (select btrim(c.company) from contacts c
                where ${contactRows} ${check(sql`c.company`)} limit ${COMPANY_ROWS})) found
       order by lower(company), company
    ) companies
    order by lower(company), company
    limit ${take}`.then((rows) => rows.map((row) => row.company));
}
