import { defineApi } from "~/api/define-api.server";
import { division, json, operation, ref } from "~/api/operation";
import { LEAD_STATUSES, type LeadStatus } from "~/models/lead";
import { boardParamsSchema } from "~/models/pipeline.schema";
import { readBoard } from "~/models/pipeline.server";
import { invalidInput } from "~/utils/errors";

/** GET /api/pipeline/{division}: the board, as /pipeline shows it (docs/decisions/027-pipeline-board.md). */
export const api = defineApi([
  operation({
    method: "GET",
    id: "getPipeline",
    tag: "Pipeline",
    summary: "A division's pipeline board",
    description:
      "The division's active leads by status, in SPEC.md's order, under the same filters as the lead list: " +
      "each column's count, total and weighted value, its first `limit` cards (last updated first) and its " +
      "next page's cursor. A column's `cursor` continues that column; the other columns are first pages.",
    params: { division: division() },
    query: boardParamsSchema,
    answers: { 200: json("The board.", ref("Pipeline")) },
    errors: { 400: "`Invalid input` (with `errors`) for a query parameter, a bad `cursor` included." },
    handler: async ({ actor, params, query }) => {
      const { limit, cursor, ...filters } = query;
      const status = cursor?.order.replace(/^board:/, "") as LeadStatus | undefined;
      if (cursor && !LEAD_STATUSES.includes(status!))
        throw invalidInput({ cursor: ["The cursor belongs to another order; start again without it"] });
      const continued = cursor ? { status: status!, cursor } : undefined;
      return { columns: await readBoard(actor, params.division, filters, { limit, continued }) };
    },
  }),
]);

export const { loader, action } = api;
