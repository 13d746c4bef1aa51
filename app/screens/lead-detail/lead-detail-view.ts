/**
 * The lead detail's own URL state: the part of the lead being edited in place (`?field=value`), so that the
 * small form opens without JavaScript too. The dialog's forms post to its address without it, so a save
 * lands on the dialog with every part shown again.
 */
export const DETAIL_FIELDS = ["value", "owner", "contact"] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

const FIELD_PARAM = "field";

export function isDetailField(value: unknown): value is DetailField {
  return DETAIL_FIELDS.includes(value as DetailField);
}

/** The field open for editing in `search`, or null. */
export function detailField(search: string): DetailField | null {
  const value = new URLSearchParams(search).get(FIELD_PARAM);
  return isDetailField(value) ? value : null;
}

/** `search` with `field` open for editing, or (null) with none. */
export function withDetailField(search: string, field: DetailField | null) {
  if (!field) return withoutParam(search, FIELD_PARAM);
  const params = new URLSearchParams(search);
  params.set(FIELD_PARAM, field);
  return `?${params}`;
}

/** `search` without the parameter `name` ("" when nothing is left). */
export function withoutParam(search: string, name: string) {
  const params = new URLSearchParams(search);
  if (!params.has(name)) return search;
  params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The canonical, shareable address of a lead: its dialog over the lead list. */
export function leadAddress(leadId: string) {
  return `/leads/${leadId}`;
}
