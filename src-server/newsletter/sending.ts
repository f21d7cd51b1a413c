/**
 * Sending a newsletter: one outbox mail per confirmed subscriber, in their language. Queued in batches,
 * each batch one transaction; the unique (newsletter, subscriber) delivery row is written with its mail,
 * so pressing "send" twice, two admins at once, or a send that died halfway and is started again never
 * queue a second mail for anyone. How fast the mails then go out is the worker's pacing (worker.ts).
 */
import type { Locale } from '@shared/locales';
import type { NewsletterContent, NewsletterPreview } from '@shared/schemas/newsletter';
import { AppError } from '../app-error';
import { randomToken } from '../auth/random-token';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';
import { enqueueMail, NEWSLETTER_MAIL_KIND } from '../mail/outbox';
import { contentOf } from './content';
import { newsletterMail } from './mails';
import { findNewsletter } from './newsletters';

const SEND_BATCH_SIZE = 200;

export type SendDeps = { db: Db; now: Date; publicUrl: string; logger: Logger };
export type SendOptions = {
  batchSize?: number;
  /** Called after each committed batch (tests use it to stop a send halfway). */
  afterBatch?: (queuedSoFar: number) => void | Promise<void>;
};

/** Queues the newsletter for every confirmed subscriber who has not got it yet; resolves with how many were queued now. */
export async function sendNewsletter(deps: SendDeps, id: string, sender: UserRow, options: SendOptions = {}): Promise<{ queued: number }> {
  const { db, now, publicUrl, logger } = deps;
  const batchSize = options.batchSize ?? SEND_BATCH_SIZE;
  const newsletter = await findNewsletter(db, id);
  if (!newsletter) throw new AppError('NOT_FOUND', 'no such newsletter');
  if (newsletter.status === 'sent') return { queued: 0 };
  if (newsletter.status === 'draft') {
    await db
      .updateTable('newsletters')
      .set({ status: 'sending', sent_by: sender.id, send_started_at: now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .execute();
  }
  await giveTokensToOlderSubscribers(db);
  const content = contentOf(newsletter);
  let queued = 0;
  for (;;) {
    const batch = await db
      .selectFrom('newsletter_subscribers as s')
      .select(['s.id', 's.email', 's.locale', 's.unsubscribe_token'])
      .where('s.confirmed_at', 'is not', null)
      .where('s.unsubscribe_token', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('newsletter_deliveries as d')
              .select('d.outbox_id')
              .whereRef('d.subscriber_id', '=', 's.id')
              .where('d.newsletter_id', '=', id),
          ),
        ),
      )
      .orderBy('s.id')
      .limit(batchSize)
      .execute();
    if (batch.length === 0) break;
    queued += await queueBatch(db, id, content, batch, publicUrl, now);
    await options.afterBatch?.(queued);
  }
  await db
    .updateTable('newsletters')
    .set({ status: 'sent', sent_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
  logger.info('newsletter queued', { newsletterId: id, queued });
  return { queued };
}

type Recipient = { id: string; email: string; locale: string; unsubscribe_token: string | null };

async function queueBatch(
  db: Db,
  newsletterId: string,
  content: NewsletterContent,
  batch: Recipient[],
  publicUrl: string,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let queued = 0;
    for (const subscriber of batch) {
      const outboxId = newId();
      const delivery = await trx
        .insertInto('newsletter_deliveries')
        .values({ outbox_id: outboxId, newsletter_id: newsletterId, subscriber_id: subscriber.id, created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['newsletter_id', 'subscriber_id']).doNothing())
        .returning('outbox_id')
        .executeTakeFirst();
      if (!delivery) continue; // another send got there first
      const mail = newsletterMail({
        content,
        locale: subscriber.locale,
        unsubscribeToken: subscriber.unsubscribe_token as string,
        publicUrl,
      });
      await enqueueMail(trx, NEWSLETTER_MAIL_KIND, subscriber.email, mail.message, now, mail.headers, outboxId);
      queued++;
    }
    return queued;
  });
}

/** Subscribers confirmed before unsubscribe tokens existed get theirs now. */
async function giveTokensToOlderSubscribers(db: Db): Promise<void> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select('id')
    .where('confirmed_at', 'is not', null)
    .where('unsubscribe_token', 'is', null)
    .execute();
  for (const { id } of rows) {
    await db
      .updateTable('newsletter_subscribers')
      .set({ unsubscribe_token: randomToken() })
      .where('id', '=', id)
      .where('unsubscribe_token', 'is', null)
      .execute();
  }
}

/**
 * The mail a subscriber with `locale` would receive, for the preview and the test mail. Its unsubscribe
 * link carries a random token that belongs to nobody, so using it takes no one off the list.
 */
function sampleNewsletterMail(content: NewsletterContent, locale: Locale, publicUrl: string) {
  return newsletterMail({ content, locale, unsubscribeToken: randomToken(), publicUrl });
}

export function previewNewsletter(content: NewsletterContent, locale: Locale, publicUrl: string): NewsletterPreview {
  const mail = sampleNewsletterMail(content, locale, publicUrl);
  return { locale: mail.locale, ...mail.message };
}

/** "Send a test to me": one mail to the admin's own address, at once (not paced), marked as a test. */
export async function sendTestNewsletter(deps: SendDeps, id: string, admin: UserRow, locale: Locale): Promise<{ to: string }> {
  const newsletter = await findNewsletter(deps.db, id);
  if (!newsletter) throw new AppError('NOT_FOUND', 'no such newsletter');
  const mail = sampleNewsletterMail(contentOf(newsletter), locale, deps.publicUrl);
  await enqueueMail(
    deps.db,
    'newsletter_test',
    admin.email,
    { ...mail.message, subject: `[Test] ${mail.message.subject}` },
    deps.now,
    mail.headers,
  );
  return { to: admin.email };
}
