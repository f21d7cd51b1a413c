/**
 * A sent newsletter's failed mails: why they failed, for the admin screen, and "Fehlgeschlagene erneut
 * senden", which queues them again once the admin has mended the cause (a mail server that refused the
 * site for a while, mail/refusals.ts). Only to addresses still on the list: someone who left since gets
 * nothing. Each mail is the same delivery row and outbox row, queued anew, so the newsletter's counts
 * stay right: failed goes down, then sent up as they go out (newsletters.ts counts from the outbox).
 */
import type { NewsletterFailures, ResendFailedResult } from '@shared/schemas/newsletter-failures';
import { AppError } from '../app-error';
import { type AuditActor, recordAudit } from '../audit/record';
import type { Db } from '../db/connect';
import { requeueFailedMail } from '../mail/outbox';
import { refusalSummary } from '../mail/refusals';
import { contentOf } from './content';
import { newsletterMail } from './mails';
import { findNewsletter, newsletterForRequeue } from './newsletters';
import type { SendDeps } from './sending';

/** How many different reasons the screen lists; the rest are rare by then. */
const REASONS_SHOWN = 3;

export async function newsletterFailures(db: Db, id: string): Promise<NewsletterFailures> {
  if (!(await findNewsletter(db, id))) throw new AppError('NOT_FOUND', 'no such newsletter');
  const failed = await db
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('outbox as o', 'o.id', 'd.outbox_id')
    .select('o.last_error')
    .where('d.newsletter_id', '=', id)
    .where('o.status', '=', 'failed')
    .execute();
  const counts = new Map<string, number>();
  // The retention job empties a failed mail after 30 days, its error too: those have no reason left.
  for (const { last_error } of failed) {
    if (!last_error) continue;
    const reason = refusalSummary(last_error);
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  const reasons = [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
    .slice(0, REASONS_SHOWN);
  const resendable = await resendableDeliveries(db, id)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return { reasons, resendable: Number(resendable?.count ?? 0) };
}

/** The newsletter's failed deliveries to subscribers still on the list (confirmed, not unsubscribed). */
function resendableDeliveries(db: Db, id: string) {
  return db
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('outbox as o', 'o.id', 'd.outbox_id')
    .innerJoin('newsletter_subscribers as s', 's.id', 'd.subscriber_id')
    .where('d.newsletter_id', '=', id)
    .where('o.status', '=', 'failed')
    .where('s.confirmed_at', 'is not', null)
    .where('s.unsubscribe_token', 'is not', null);
}

/**
 * Queues the newsletter's failed mails again, to go at once (paced as any newsletter) with a fresh set of
 * attempts, each written anew for its subscriber (the retention job may have emptied an old one), and
 * records it in the audit trail with how many. A second click, or two admins at once, queue nothing twice:
 * only a mail still failed is taken.
 */
export async function resendFailedDeliveries(deps: SendDeps, id: string, actor: AuditActor): Promise<ResendFailedResult> {
  const { db, now, publicUrl, orgName } = deps;
  return db.transaction().execute(async (trx) => {
    // Held, and its kept numbers forgotten: the mails queued anew count as queued until they settle.
    const newsletter = await newsletterForRequeue(trx, id);
    if (!newsletter) throw new AppError('NOT_FOUND', 'no such newsletter');
    const content = contentOf(newsletter);
    const failed = await resendableDeliveries(trx, id).select(['d.outbox_id', 's.email', 's.locale', 's.unsubscribe_token']).execute();
    let requeued = 0;
    for (const delivery of failed) {
      const mail = newsletterMail({
        content,
        locale: delivery.locale,
        unsubscribeToken: delivery.unsubscribe_token as string,
        publicUrl,
        orgName,
      });
      const rewrite = { to: delivery.email, message: mail.message, headers: mail.headers };
      if (await requeueFailedMail(trx, delivery.outbox_id, now, { rewrite })) requeued++;
    }
    if (requeued > 0) {
      await recordAudit(
        trx,
        actor,
        {
          action: 'newsletter.failed_resent',
          objectType: 'newsletter',
          objectId: id,
          detail: { subject: newsletter.subject_de, count: requeued },
        },
        now,
      );
    }
    return { requeued };
  });
}
