import * as z from "zod";
import { pagingSchema } from "~/utils/paging";
import { blankToUndefined, optionalText } from "~/utils/zod";
import type { PersonRef } from "./user.schema";
import {
  ACTIVITY_KINDS,
  ACTIVITY_OUTCOMES,
  OUTCOMES_OF,
  OUTCOME_LABELS,
  TIMELINE_KINDS,
  type ActivityKind,
  type ActivityOutcome,
} from "./timeline";

/** GET /api/leads/{id}/timeline: a kind to keep, and a page (a limit and the next page's cursor; no offset). */
export const timelineQuerySchema = pagingSchema.omit({ offset: true }).extend({
  kind: z.preprocess(
    blankToUndefined,
    z.enum(TIMELINE_KINDS, { error: `kind must be one of ${TIMELINE_KINDS.join(", ")}` }).optional(),
  ),
});

export const OUTCOME_MESSAGE = "Choose an outcome";

/** A call or e-mail logged on a lead: its kind, an outcome that kind has, and optional notes. */
export const activityInputSchema = z
  .object({
    kind: z.enum(ACTIVITY_KINDS, { error: "kind must be CALL or EMAIL" }),
    outcome: z.enum(ACTIVITY_OUTCOMES, { error: OUTCOME_MESSAGE }),
    notes: optionalText(10_000),
  })
  .superRefine((value, ctx) => {
    if (!OUTCOMES_OF[value.kind].includes(value.outcome)) {
      ctx.addIssue({
        code: "custom",
        path: ["outcome"],
        message: `${value.kind === "CALL" ? "A call" : "An e-mail"}'s outcome is one of ${OUTCOMES_OF[
          value.kind
        ]
          .map((outcome) => OUTCOME_LABELS[outcome])
          .join(", ")}`,
      });
    }
  });
export type ActivityInput = z.output<typeof activityInputSchema>;

/** A logged call or e-mail as the API answers it. */
export type LeadActivity = {
  id: string;
  leadId: string;
  kind: ActivityKind;
  outcome: ActivityOutcome;
  notes: string | null;
  createdBy: PersonRef | null;
  createdAt: Date;
};
