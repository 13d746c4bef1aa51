import * as z from "zod";
import { requiredText, text } from "~/utils/zod";

const name = requiredText("Name is required", 100);
const shared = z.boolean({ error: "shared must be true or false" });
const query = text("query must be text").trim().max(2000, "At most 2000 characters");

/** POST /api/views/{division}: a name, the list's query string (as /leads writes it), shared or not (not). */
export const createSavedViewSchema = z.object({
  name,
  query: query.optional().default(""),
  shared: shared.optional().default(false),
});
export type SavedViewInput = z.output<typeof createSavedViewSchema>;

/** PATCH /api/views/{id}: any of the three; absent ones keep their value. */
export const updateSavedViewSchema = z.object({ name, query, shared }).partial();
export type SavedViewUpdate = z.output<typeof updateSavedViewSchema>;
