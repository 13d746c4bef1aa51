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
  const params = new URLSearchParams(search);
  if (!field && !params.has(FIELD_PARAM)) return search;
  if (field) params.set(FIELD_PARAM, field);
  else params.delete(FIELD_PARAM);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The canonical, shareable address of a lead: its dialog over the lead list. */
export function leadAddress(leadId: string) {
  return `/leads/${leadId}`;
}
