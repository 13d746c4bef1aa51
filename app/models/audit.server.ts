import type { Sql, Tx } from "~/utils/db.server";
import type { RequestInfo } from "~/utils/request-info.server";

export const AUDIT_ACTIONS = [
  "USER_LOGIN",
  "USER_LOGIN_FAILED",
  "LEAD_CREATED",
  "LEAD_UPDATED",
  "LEAD_ARCHIVED",
  "LEAD_RESTORED",
  "CONTACT_CREATED",
  "CONTACT_UPDATED",
  "DATA_EXPORT",
  "PERMISSION_CHANGED",
  "USER_CREATED",
  "USER_STATUS_CHANGED",
  "PASSWORD_CHANGED",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditEntry = {
  action: AuditAction;
  user: { id: string; firstName: string; lastName: string; email: string } | null;
  resource: string;
  details: string;
  info: RequestInfo;
};

export function displayName(user: { firstName: string; lastName: string; email: string }) {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Writes one audit row; pass the transaction so the entry lands with the change it describes. */
export async function recordAudit(sql: Sql | Tx, entry: AuditEntry) {
  await sql`
    insert into audit_log (user_id, user_name, action, resource, details, ip_address, user_agent)
    values (${entry.user?.id ?? null}, ${entry.user ? displayName(entry.user) : ""}, ${entry.action},
            ${entry.resource}, ${entry.details}, ${entry.info.ipAddress}, ${entry.info.userAgent})`;
}
