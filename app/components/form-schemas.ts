/**
 * The zod schemas of the forms that the browser validates, in a module of their own that a page fetches only
 * once such a form is on screen (use-schema-form.ts), so that no page ships zod with its first load
 * (docs/decisions/017-form-schemas-load-late.md). Reach it only through import(): a static import would put
 * zod back into every page that imports the importer (ESLint refuses one).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { createTokenSchema } from "~/models/api-token.schema";
import { contactFormSchema } from "~/models/contact.schema";
import { leadFormSchema, leadUpdateFormSchema } from "~/models/lead.schema";
import { calendarFollowUpSchema, noteFormSchema, quickFollowUpSchema } from "~/models/note.schema";
import { createUserSchema, passwordFormSchema } from "~/models/user.schema";

export const formSchemas = {
  addLead: leadFormSchema,
  updateLead: leadUpdateFormSchema,
  addNote: noteFormSchema,
  quickFollowUp: quickFollowUpSchema,
  calendarFollowUp: calendarFollowUpSchema,
  contact: contactFormSchema,
  createUser: createUserSchema,
  password: passwordFormSchema,
  createToken: createTokenSchema,
};
export type FormSchemas = typeof formSchemas;
export type FormName = keyof FormSchemas;

/** The form's fields checked with its schema, as the server's action checks them. */
export function parseForm(name: FormName, formData: FormData) {
  return parseWithZod(formData, { schema: formSchemas[name] });
}
