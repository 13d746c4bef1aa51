import { z } from "zod";

/** A required text field: missing, wrong type or blank after trimming all give the one message. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);
}

/** An optional text field: blank becomes null; absent stays undefined (an update keeps the old value). */
export function optionalText(max = 200) {
  return z
    .string({ error: "Must be text" })
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

/** An e-mail address, trimmed; user e-mails (sign-in names) are also lower-cased. */
export function emailField(message = "Valid email is required", { lowercase = true } = {}) {
  const text = z.string({ error: message }).trim();
  return (lowercase ? text.toLowerCase() : text).pipe(z.email(message).max(254, message));
}
