import * as z from "zod";
import { LEAD_STATUSES, type LeadStatus } from "./lead";

const percent = z
  .int({ error: "A weight is a whole number of per cent" })
  .min(0, "A weight is at least 0")
  .max(100, "A weight is at most 100");

/** PUT /api/pipeline/weights: every status's weight in per cent. */
export const stageWeightsSchema = z.object(
  Object.fromEntries(LEAD_STATUSES.map((status) => [status, percent])) as Record<LeadStatus, typeof percent>,
);

/** The Settings form's weights: the same, typed in as text. */
export const stageWeightsFormSchema = z.object(
  Object.fromEntries(LEAD_STATUSES.map((status) => [status, z.coerce.number().pipe(percent)])) as Record<
    LeadStatus,
    z.ZodPipe<z.ZodCoercedNumber, typeof percent>
  >,
);
