import { AUDIT_ACTIONS, type AuditAction } from '../audit';
import { adminPageSchema } from './admin-page';
import { oneLineText } from './text';
import { z } from './zod';

/** /audit-admin (`audit.list`, `audit.exportCsv`): the audit trail narrowed by person and action. */

export const auditFilterSchema = z.object({
  /** The actor's e-mail address as recorded ('cli' and 'system' for the command line and the server); empty means all. */
  actor: oneLineText(320)
    .optional()
    .transform((value) => value || undefined),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const auditListSchema = auditFilterSchema.extend({ page: adminPageSchema });

/** One entry as the audit screen shows it. */
export type AuditEntry = {
  id: string;
  createdAt: string;
  actorEmail: string;
  action: AuditAction;
  objectType: string;
  objectId: string;
  ip: string;
  /** The few fields recorded with the action (a title, a count, a file name). */
  detail: Record<string, string | number | boolean | null>;
};

export type AuditList = {
  entries: AuditEntry[];
  page: number;
  pageSize: number;
  total: number;
};
