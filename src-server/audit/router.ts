import { auditFilterSchema, auditListSchema, type AuditList } from '@shared/schemas/audit';
import { adminProcedure, router } from '../trpc';
import { exportAuditCsv } from './csv-export';
import { listAuditActors, listAuditEntries } from './queries';
import { recordAudit, requestActor } from './record';

/**
 * /audit-admin (admins only): who did what, when, from where. Reading and exporting only: there is
 * deliberately no procedure that edits or deletes an entry (they leave by the retention job alone).
 */
export const auditRouter = router({
  /** A page of entries, newest first, narrowed by person and action. */
  list: adminProcedure
    .input(auditListSchema)
    .query(({ ctx, input: { page, ...filter } }): Promise<AuditList> => listAuditEntries(ctx.db, filter, page)),

  /** The people who appear in the trail, for the person filter. */
  actors: adminProcedure.query(({ ctx }) => listAuditActors(ctx.db)),

  /**
   * The entries of the filter as CSV text with a BOM (the page offers it as a download). Taking the
   * trail out is itself an admin action: recorded in the same transaction, after the rows were read.
   */
  exportCsv: adminProcedure.input(auditFilterSchema).query(({ ctx, input }) =>
    ctx.db.transaction().execute(async (trx) => {
      const now = ctx.clock.now();
      const file = await exportAuditCsv(trx, input, now);
      const detail = { filename: file.filename, actor: input.actor ?? null, action: input.action ?? null };
      await recordAudit(trx, requestActor(ctx), { action: 'audit.exported', detail }, now);
      return file;
    }),
  ),
});
