import { defineApi } from "~/api/define-api.server";
import { division, json, operation, ref } from "~/api/operation";
import { myDayBounds } from "~/models/my-day";
import { myDayQuerySchema } from "~/models/my-day.schema";
import { listMyDay } from "~/models/my-day.server";
import { timeZoneOf } from "~/utils/time-zone.server";

/** GET /api/my-day/{division}: the caller's open follow-ups, overdue, today and the next seven days. */
export const api = defineApi([
  operation({
    method: "GET",
    id: "getMyDay",
    tag: "Notes and follow-ups",
    summary: "My Day",
    description:
      "Your open follow-ups in the division, on the non-archived leads you created or are assigned to: overdue, due today and due in the next seven days (days in `timeZone`, default the `tz` cookie's zone, else Europe/London), each group's first `limit` and its count.",
    params: { division: division() },
    query: myDayQuerySchema,
    answers: { 200: json("The three groups.", ref("MyDay")) },
    errors: { 400: "`Invalid input` for `timeZone` or `limit`." },
    handler: ({ request, actor, params, query }) =>
      listMyDay(actor, params.division, myDayBounds(query.timeZone ?? timeZoneOf(request)), query.limit),
  }),
]);

export const { loader, action } = api;
