import { defineApi } from "~/api/define-api.server";
import { division, operation } from "~/api/operation";
import { leadExportResponse } from "~/screens/leads/lead-export.server";

/** GET /api/leads/{division}/export.csv: Export Report (CONTRACT.md), a streamed CSV attachment. */
export const api = defineApi([
  operation({
    method: "GET",
    id: "exportLeads",
    tag: "Leads",
    summary: "Export a division's leads as CSV",
    description: "RFC 4180, UTF-8, with a header row, streamed as an attachment; recorded in the audit log.",
    params: { key: division() },
    answers: {
      200: {
        description: "The CSV file.",
        headers: { "Content-Disposition": { schema: { type: "string" } } },
        content: { "text/csv": { schema: { type: "string" } } },
      },
    },
    handler: ({ request, actor, params }) => leadExportResponse(actor, params.key, request),
  }),
]);

export const { loader, action } = api;
