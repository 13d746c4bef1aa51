import * as z from "zod";
import { pagingSchema } from "~/utils/paging";
import { blankToUndefined, text } from "~/utils/zod";
import { AUDIT_ACTIONS, type AuditAction } from "./audit";

/** SPEC.md's audit log entry, as CONTRACT.md's GET /api/admin/audit-log answers it. */
export type AuditLogEntry = {
  id: string;
  timestamp: Date;
  userId: string | null;
  userName: string;
  action: AuditAction;
  resource: string;
  details: string;
  ipAddress: string | null;
  userAgent: string | null;
};

/** The dialog's counts: all events, sign-ins, records created, exports. */
export type AuditCounts = { total: number; logins: number; created: number; exports: number };

/** GET /api/admin/audit-log?search=&action=&limit=&offset= */
export const auditQuerySchema = pagingSchema.extend({
  search: text().trim().max(200, "At most 200 characters").optional(),
  action: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTIONS, { error: "Unknown action" }).optional()),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
