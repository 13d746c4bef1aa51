import * as z from "zod";

/**
 * The field helpers every schema builds on. PostgreSQL text cannot hold a NUL character, so every text
 * input refuses one here, once, with a message at the field (never a database error).
 */
export const NUL_MESSAGE = "Must not contain a NUL character";
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const NO_NUL = /^[^\u0000]*$/;

/** Any text: the base of the helpers below. */
export function text(error = "Must be text") {
  return z.string({ error }).regex(NO_NUL, NUL_MESSAGE);
}

/** A required text field: missing, wrong type or blank after trimming all give the one message. */
export function requiredText(message: string, max = 200) {
  return text(message).trim().min(1, message).max(max, `At most ${max} characters`);
}

/** An optional text field: blank becomes null; absent stays undefined (an update keeps the old value). */
export function optionalText(max = 200) {
  return text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

/** An e-mail address, trimmed; user e-mails (sign-in names) are also lower-cased. */
export function emailField(message = "Valid email is required", { lowercase = true } = {}) {
  const trimmed = text(message).trim();
  return (lowercase ? trimmed.toLowerCase() : trimmed).pipe(z.email(message).max(254, message));
}

/** A query-string parameter: blank means absent. */
export const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** A field that may be cleared: blank (or only spaces) means null; absent stays undefined. */
export function blankAsNull<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), schema);
}

/** A number from JSON, or from a form field's text (where "12.5" is 12.5); any other type is refused. */
export function formNumber<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (typeof value === "string" ? Number(value.trim()) : value), schema);
}

/** An optional e-mail address: blank becomes null, absent stays undefined, anything else must be valid. */
export function optionalEmail(message = "Valid email is required") {
  return blankAsNull(emailField(message, { lowercase: false }).nullish());
}

const HAS_ZONE = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * An ISO 8601 date-time with a zone, or without one, which means UTC (CONTRACT.md: timestamps are in UTC). The
 * value comes out with its zone, so that `new Date()` reads it the same on every machine.
 */
export function isoDateTime(error: string) {
  return z.iso
    .datetime({ offset: true, local: true, error })
    .transform((value) => (HAS_ZONE.test(value) ? value : `${value}Z`));
}
