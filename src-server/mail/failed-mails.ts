/**
 * Mails the worker gave up on, other than a newsletter's (whose admin screen lists and resends them,
 * newsletter/resending.ts), for the operator's command line: `mail:failed` lists them, `mail:resend ID`
 * queues one again — an order confirmation that carries the terms and the withdrawal information, a
 * notice the team missed. Rare since only a refusal of the mail itself is final at once (refusals.ts);
 * a failed mail is deleted SENT_MAIL_RETENTION_DAYS after it was queued (retention job).
 */
import { type AuditActor, recordAudit } from '../audit/record';
import type { Db } from '../db/connect';
import { NEWSLETTER_MAIL_KIND, requeueFailedMail } from './outbox';
import { refusalSummary } from './refusals';

export type FailedMail = { id: string; kind: string; to: string; subject: string; queuedAt: string; attempts: number; reason: string };

/** The failed mails, newest first. */
export async function listFailedMails(db: Db): Promise<FailedMail[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'kind', 'to', 'subject', 'created_at', 'attempts', 'last_error'])
    .where('status', '=', 'failed')
    .where('kind', '!=', NEWSLETTER_MAIL_KIND)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    queuedAt: row.created_at,
    attempts: row.attempts,
    reason: row.last_error ? refusalSummary(row.last_error) : '',
  }));
}

/**
 * Queues a failed mail again, as it was, to go at once with a fresh set of attempts; recorded in the
 * audit trail. Resolves with false when there is no such failed mail (a newsletter's included: those go
 * through the newsletter's screen, which leaves out addresses no longer subscribed).
 */
export async function resendFailedMail(db: Db, id: string, actor: AuditActor, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const requeued = await requeueFailedMail(trx, id, now, { exceptKind: NEWSLETTER_MAIL_KIND });
    if (!requeued) return false;
    await recordAudit(trx, actor, { action: 'mail.resent', objectType: 'mail', objectId: id, detail: { kind: requeued.kind } }, now);
    return true;
  });
}
