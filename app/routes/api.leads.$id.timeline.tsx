import { defineApi } from "~/api/define-api.server";
import { json, listOf, NEXT_PAGE, operation, recordOf } from "~/api/operation";
import { listResponse } from "~/http/api.server";
import { listTimeline } from "~/models/timeline.server";
import { timelineQuerySchema } from "~/models/timeline.schema";
import { TIMELINE_KINDS } from "~/models/timeline";

/** The page size when the client names none: a timeline is always read a page at a time. */
const DEFAULT_LIMIT = 50;

/** GET /api/leads/{id}/timeline?kind=&cursor=&limit=: a page of the lead's timeline, newest first. */
export const api = defineApi([
  operation({
    method: "GET",
    id: "getLeadTimeline",
    tag: "Timeline",
    summary: "A lead's timeline",
    description:
      "Notes, status changes, follow-ups scheduled and completed, field changes, archives and restores, and " +
      `calls and e-mails logged, newest first, ${DEFAULT_LIMIT} a page unless \`limit\` says otherwise; ` +
      `\`kind\` (${TIMELINE_KINDS.join(", ")}) keeps one kind. The next page's cursor is in \`X-Next-Cursor\`.`,
    params: { id: recordOf("lead") },
    query: timelineQuerySchema,
    answers: { 200: json("The page of the timeline.", listOf("TimelineEntry"), NEXT_PAGE) },
    errors: { 400: "`Invalid input` (with `errors`) for a query parameter, a bad `cursor` included." },
    handler: async ({ request, actor, params, query: { kind, limit, cursor } }) => {
      const { entries, next } = await listTimeline(actor, params.id, kind, {
        limit: limit ?? DEFAULT_LIMIT,
        cursor,
      });
      return listResponse(entries, null, { request, cursor: next });
    },
  }),
]);

export const { loader, action } = api;
