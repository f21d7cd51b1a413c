/**
 * The kinds of admin action the audit trail records (issue 21). The server writes only these; the
 * audit screen filters by them and shows each with a translated label (src-client/features/audit).
 */
export const AUDIT_ACTIONS = [
  'post.created',
  'post.edited',
  'post.published',
  'post.unpublished',
  'post.scheduled',
  'post.featured',
  'post.unfeatured',
  'post.deleted',
  'newsletter.sent',
  'newsletter.failed_resent',
  'subscribers.exported',
  'subscriber.deleted',
  'order.cancelled',
  'order.refunded',
  'order.refund_failed',
  'donations.exported',
  'donation.refunded',
  'donation.partly_refunded',
  'donation.refund_failed',
  'message.answered',
  'role.granted',
  'role.revoked',
  'backup.taken',
  'backup.restored',
  'twofactor.enabled',
  'twofactor.disabled',
  'twofactor.reset',
  'admin.signed_in',
  'admin.sign_in_failed',
  'audit.exported',
  'mail.resent',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Entries per page on /audit-admin. */
export const AUDIT_PAGE_SIZE = 50;

/** Entries are kept this many days unless AUDIT_RETENTION_DAYS says otherwise. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;
