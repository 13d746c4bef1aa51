/**
 * A saved view as the browser and the API see it (no zod here: docs/decisions/017-form-schemas-load-late.md).
 * Its rules and SQL are in saved-view.server.ts; why it is so, docs/decisions/031-saved-views.md.
 */
import type { Division } from "~/utils/divisions";
import type { PersonRef } from "./user.schema";

/** A lead list kept by name: `query` is the /leads URL state it opens with (without `?`). */
export type SavedView = {
  id: string;
  name: string;
  division: Division;
  shared: boolean;
  query: string;
  owner: PersonRef;
  createdAt: Date;
  updatedAt: Date;
};

/** The most views one user keeps in one division. */
export const MAX_SAVED_VIEWS = 50;
