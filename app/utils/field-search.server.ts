import type postgres from "postgres";
import type { Sql, Tx } from "./db.server";

/**
 * Rows where one of `fields` contains the search (`pattern`, from containsPattern), any case: one LIKE on
 * `text`, those fields lower-cased and apart by line breaks, which a trigram index covers (sql/00010 for
 * leads, sql/00011 for contacts). A search without a line break of its own cannot match across the breaks;
 * the rare one with a line break is checked field by field as well.
 */
export function fieldsContain(
  sql: Sql | Tx,
  text: postgres.Fragment,
  fields: postgres.Fragment[],
  pattern: string,
): postgres.Fragment {
  if (!pattern.includes("\n")) return sql`${text} like lower(${pattern})`;
  const eachField = fields
    .map((field) => sql`${field} ilike ${pattern}`)
    .reduce((either, next) => sql`${either} or ${next}`);
  return sql`${text} like lower(${pattern}) and (${eachField})`;
}
