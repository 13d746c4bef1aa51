import * as z from "zod";
import { LEAD_STATUSES, type LeadStatus } from "./lead";
import { leadListParamsSchema } from "./lead.schema";
import { BOARD_PAGE_SIZE } from "./pipeline";

/** The most cards a column's page holds in the JSON API. */
export const MAX_BOARD_LIMIT = 100;

/**
 * GET /api/pipeline/{division}: the lead list's filters (GET /api/leads/{division}'s), `limit` cards per
 * column, and a column's `cursor` (which names its column) to continue that column.
 */
export const boardParamsSchema = leadListParamsSchema
  .omit({ limit: true, offset: true, sort: true, dir: true })
  .extend({
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit is at least 1")
      .max(MAX_BOARD_LIMIT, `limit is at most ${MAX_BOARD_LIMIT}`)
      .default(BOARD_PAGE_SIZE),
  });

const percent = z
  .int({ error: "A weight is a whole number of per cent" })
  .min(0, "A weight is at least 0")
  .max(100, "A weight is at most 100");

/** PUT /api/admin/pipeline/weights: every status's weight in per cent. */
export const stageWeightsSchema = z.strictObject(
  Object.fromEntries(LEAD_STATUSES.map((status) => [status, percent])) as Record<LeadStatus, typeof percent>,
);

/** The Settings form's weights: the same, typed in as text. */
export const stageWeightsFormSchema = z.object(
  Object.fromEntries(LEAD_STATUSES.map((status) => [status, z.coerce.number().pipe(percent)])) as Record<
    LeadStatus,
    z.ZodPipe<z.ZodCoercedNumber, typeof percent>
  >,
);
