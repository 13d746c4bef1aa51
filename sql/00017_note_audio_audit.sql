-- A voice note's recording may be stored, or replaced, only by the note's author or an admin, and every time
-- it is, the audit log says so (docs/security.md "Voice recordings").
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check check (action in (
  'USER_LOGIN', 'USER_LOGIN_FAILED', 'LEAD_CREATED', 'LEAD_UPDATED', 'LEAD_ARCHIVED', 'LEAD_RESTORED',
  'CONTACT_CREATED', 'CONTACT_UPDATED', 'DATA_EXPORT', 'PERMISSION_CHANGED', 'USER_CREATED',
  'USER_STATUS_CHANGED', 'PASSWORD_CHANGED', 'TOKEN_CREATED', 'TOKEN_REVOKED', 'NOTE_AUDIO_STORED'
));
