import * as z from "zod";
import { isoDateTime, text } from "~/utils/zod";

/** CONTRACT.md's Follow-up: a note with a follow-up date, with its lead's name. */
export type FollowUp = {
  id: string;
  leadId: string;
  leadName: string;
  content: string;
  followUpDate: Date;
  isFollowUpComplete: boolean;
};

/** How a follow-up shows (SPEC.md section 4): done, past its time, later today, or later. */
export type FollowUpState = "completed" | "overdue" | "today" | "upcoming";

const BOUND_MESSAGE = "Must be an ISO date or date-time";
const bound = text(BOUND_MESSAGE).pipe(
  z.union([isoDateTime(BOUND_MESSAGE), z.iso.date()], { error: BOUND_MESSAGE }),
);

/**
 * GET /api/follow-ups/{division}?from=&to=: optional bounds, ISO dates or date-times (UTC without a zone). A
 * date alone means its UTC midnight; a date-only `to` includes that whole UTC day.
 */
export const followUpRangeSchema = z
  .object({ from: bound.optional(), to: bound.optional() })
  .transform(({ from, to }) => ({
    from: from ? new Date(from.length === 10 ? `${from}T00:00:00Z` : from) : null,
    to: to ? new Date(to.length === 10 ? new Date(`${to}T00:00:00Z`).getTime() + 86_400_000 : to) : null,
    /** A date-only `to` is the start of the next day, exclusive; a date-time `to` is inclusive. */
    toExclusive: Boolean(to && to.length === 10),
  }));
export type FollowUpRange = z.output<typeof followUpRangeSchema>;
