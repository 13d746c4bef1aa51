import { z } from "zod";

/** A required text field: missing, wrong type or blank after trimming all give the one message. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);
}

/** An optional text field: blank becomes null. */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => value || null);
}

export function emailField(message = "Valid email is required") {
  return z.string({ error: message }).trim().toLowerCase().pipe(z.email(message).max(254, message));
}
