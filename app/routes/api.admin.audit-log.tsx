import { requireApiActor } from "~/auth/current-user.server";
import { requireAdmin } from "~/models/actor.server";
import { auditQuerySchema } from "~/models/audit.schema";
import { listAuditEntries, streamAuditEntries } from "~/models/audit.server";
import {
  apiRoute,
  listResponse,
  methodNotAllowed,
  parseInput,
  queryOf,
  streamedListResponse,
} from "~/http/api.server";

/**
 * GET /api/admin/audit-log?search=&action=&limit=&offset=: the audit log newest first, as SPEC.md's entries,
 * with X-Total-Count (CONTRACT.md "Audit log"). Admins only.
 */
export const loader = apiRoute(async ({ request, context }) => {
  const actor = await requireApiActor(request, context);
  requireAdmin(actor);
  const { search, action, limit, offset, cursor } = parseInput(auditQuerySchema, queryOf(request));
  if (limit !== undefined) {
    const page = await listAuditEntries(actor, { search, action }, { limit, offset, cursor });
    return listResponse(page.entries, page.total, { request, cursor: page.next });
  }
  const { total, batches } = await streamAuditEntries(actor, { search, action }, { offset, cursor });
  return streamedListResponse(total, batches, request.signal);
});

export const action = () => methodNotAllowed("GET");
