// Apart from paging.ts and its zod schema: page loaders use this, and a route module's imports ship with it to the
// browser (docs/decisions/017-form-schemas-load-late.md).

/**
 * Page `page` of a list shown by page number, or its last page when `page` is past the end (its last rows
 * just archived, or an old link), so a page is never empty while its list is not; an empty list is page 1.
 * `read` fetches one page; the answer says which page it is.
 */
export async function pageOrLast<List extends { total: number }>(
  page: number,
  pageSize: number,
  read: (page: number) => Promise<List>,
  rowsOf: (list: List) => readonly unknown[],
): Promise<List & { page: number }> {
  const list = await read(page);
  if (page === 1 || rowsOf(list).length > 0) return { ...list, page };
  if (list.total === 0) return { ...list, page: 1 };
  const last = Math.ceil(list.total / pageSize);
  return { ...(await read(last)), page: last };
}
