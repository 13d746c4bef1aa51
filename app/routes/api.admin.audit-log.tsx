import { defineApi } from "~/api/define-api.server";
import { json, listOf, operation, PAGED } from "~/api/operation";
import { auditQuerySchema } from "~/models/audit.schema";
import { listAuditEntries, streamAuditEntries } from "~/models/audit.server";
import { listResponse, streamedListResponse } from "~/http/api.server";

/**
 * GET /api/admin/audit-log?search=&action=&limit=&offset=: the audit log newest first, as SPEC.md's entries,
 * with X-Total-Count (CONTRACT.md "Audit log"). Admins only.
 */
export const api = defineApi([
  operation({
    method: "GET",
    id: "listAuditLog",
    tag: "Administration",
    summary: "The audit log",
    description: "Newest first. Sign-ins, record changes, exports and permission changes.",
    access: "admin",
    query: auditQuerySchema,
    answers: { 200: json("The entries.", listOf("AuditEntry"), PAGED) },
    errors: { 400: "`Invalid input` (with `errors`) for a query parameter, a bad `cursor` included." },
    handler: async ({ request, actor, query: { search, action, limit, offset, cursor } }) => {
      if (limit !== undefined) {
        const page = await listAuditEntries(actor, { search, action }, { limit, offset, cursor });
        return listResponse(page.entries, page.total, { request, cursor: page.next });
      }
      const { total, batches } = await streamAuditEntries(actor, { search, action }, { offset, cursor });
      return streamedListResponse(total, batches, request.signal);
    },
  }),
]);

export const { loader, action } = api;
