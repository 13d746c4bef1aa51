import { notFound } from "./errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids are UUIDs; anything else names no record. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** A record id from a path or a form, lower-cased; a malformed one names no record (not found). */
export function recordId(value: unknown): string {
  if (!isUuid(value)) throw notFound();
  return value.toLowerCase();
}
