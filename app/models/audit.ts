/** The audit log's values the browser shares with the server; no zod here (audit.schema.ts has the schema). */

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
  "TOKEN_CREATED",
  "TOKEN_REVOKED",
  "NOTE_AUDIO_STORED",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the Audit Log dialog names each action (SPEC.md section 2 "Admin"). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  USER_LOGIN: "User Login",
  USER_LOGIN_FAILED: "Failed Login",
  LEAD_CREATED: "Lead Created",
  LEAD_UPDATED: "Lead Updated",
  LEAD_ARCHIVED: "Lead Archived",
  LEAD_RESTORED: "Lead Restored",
  CONTACT_CREATED: "Contact Created",
  CONTACT_UPDATED: "Contact Updated",
  DATA_EXPORT: "Data Export",
  PERMISSION_CHANGED: "Permission Changed",
  USER_CREATED: "User Created",
  USER_STATUS_CHANGED: "User Status Changed",
  PASSWORD_CHANGED: "Password Changed",
  TOKEN_CREATED: "API Token Created",
  TOKEN_REVOKED: "API Token Revoked",
  NOTE_AUDIO_STORED: "Voice Recording Saved",
};

/** The actions that make a record, for the dialog's 'records created' count. */
export const CREATING_ACTIONS: readonly AuditAction[] = ["LEAD_CREATED", "CONTACT_CREATED", "USER_CREATED"];
