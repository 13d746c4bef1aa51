import * as z from "zod";
import { text } from "~/utils/zod";

/** GET /api/search/{division}?q= and the /search page: the global search's text. */
export const globalSearchSchema = z.object({
  q: text().trim().max(200, "At most 200 characters").optional().default(""),
});
