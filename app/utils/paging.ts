import * as z from "zod";
import { decodeCursor } from "./page-cursor";

/** The largest page a list endpoint serves at once. */
export const MAX_LIMIT = 1000;

/**
 * `limit` and `offset` of every JSON list (CONTRACT.md: without `limit` the whole list comes back,
 * streamed), and `cursor`, which continues after the last row of a page instead of counting rows to skip
 * (docs/decisions/005-cursors.md). Bounded so that any value reaches the database as a number it can hold.
 */
export const pagingSchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit is at least 1")
    .max(MAX_LIMIT, `limit is at most ${MAX_LIMIT}`)
    .optional(),
  offset: z.coerce
    .number({ error: "offset must be a number" })
    .int("offset must be a whole number")
    .min(0, "offset is at least 0")
    .max(2_147_483_647, "offset is too large")
    .optional(),
  cursor: z
    .string()
    .max(4000, "Invalid cursor")
    .transform((text, ctx) => {
      const cursor = decodeCursor(text);
      if (!cursor) ctx.addIssue({ code: "custom", message: "Invalid cursor" });
      return cursor ?? z.NEVER;
    })
    .optional(),
});
export type Paging = z.output<typeof pagingSchema>;
/** Paging with its page size settled: what one page's statement reads. */
export type PageSize = Paging & { limit: number };
