import { defineApi } from "~/api/define-api.server";
import { division, json, listOf, operation } from "~/api/operation";
import { followUpRangeSchema } from "~/models/follow-up.schema";
import { listFollowUps } from "~/models/note.server";

/**
 * GET /api/follow-ups/{division}?from=&to=: the follow-ups on the division's non-archived leads, soonest first
 * (CONTRACT.md "Follow-ups"); a date-only `to` includes that whole UTC day.
 */
export const api = defineApi([
  operation({
    method: "GET",
    id: "listFollowUps",
    tag: "Notes and follow-ups",
    summary: "A division's follow-ups",
    description: "Notes with a follow-up date on the division's non-archived leads, soonest first.",
    params: { division: division() },
    query: followUpRangeSchema,
    answers: { 200: json("The follow-ups.", listOf("FollowUp")) },
    errors: { 400: "`Invalid input` for `from` or `to`." },
    handler: ({ actor, params, query }) => listFollowUps(actor, params.division, query),
  }),
]);

export const { loader, action } = api;
