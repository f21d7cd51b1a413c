/**
 * Sending a newsletter: one outbox mail per subscriber who was confirmed when the admin pressed "send",
 * in their language. Pressing "send" only marks the newsletter 'sending' (startSending); the queue
 * worker (queue-worker.ts) then queues its mails in batches, each batch one transaction. The unique
 * (newsletter, subscriber) delivery row is written with its mail, so a double click, two admins at once,
 * two processes queueing side by side or a process killed halfway and started again never queue a second
 * mail for anyone. How fast the mails then go out is the mail worker's pacing (mail/worker.ts).
 */
import type { Locale } from '@shared/locales';
import type { NewsletterContent, NewsletterPreview } from '@shared/schemas/newsletter';
import { AppError } from '../app-error';
import { type AuditActor, recordAudit } from '../audit/record';
import { randomToken } from '../auth/random-token';
import type { Db } from '../db/connect';
import type { NewsletterRow, UserRow } from '../db/schema';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';
import { enqueueMail, NEWSLETTER_MAIL_KIND } from '../mail/outbox';
import { contentOf } from './content';
import { newsletterMail } from './mails';
import { editConflict, findNewsletter } from './newsletters';
import type { MailFooter } from '../mail/footer';

const QUEUE_BATCH_SIZE = 200;

/** `orgName` with `publicUrl`: the mails' footer (mail/footer.ts). */
export type SendDeps = { db: Db; now: Date; publicUrl: string; orgName: string; logger: Logger };
export type QueueOptions = {
  batchSize?: number;
  /** Called after each committed batch (the worker wakes the outbox; tests stop a send halfway). */
  afterBatch?: (queuedSoFar: number) => void | Promise<void>;
};

/**
 * The admin's "send": a draft becomes 'sending', with who sent it and when (its recipients are the
 * subscribers confirmed by then), and the audit trail says so in the same transaction. A newsletter
 * already sending or sent stays as it is (and a second click adds no entry). With `version`, only the
 * draft as the admin saw it goes out: one changed by someone else since is refused (EDIT_CONFLICT).
 */
export async function startSending(
  db: Db,
  target: { id: string; version?: number | undefined },
  sender: UserRow,
  now: Date,
  actor: AuditActor,
): Promise<void> {
  const { id, version } = target;
  await db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('newsletters')
      .set((eb) => ({
        status: 'sending' as const,
        sent_by: sender.id,
        send_started_at: now.toISOString(),
        updated_at: now.toISOString(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .where('status', '=', 'draft');
    if (version !== undefined) query = query.where('version', '=', version);
    const started = await query.returning(['id', 'subject_de']).executeTakeFirst();
    if (started) {
      await recordAudit(
        trx,
        actor,
        { action: 'newsletter.sent', objectType: 'newsletter', objectId: id, detail: { subject: started.subject_de } },
        now,
      );
    } else {
      const current = await findNewsletter(trx, id);
      if (!current) throw new AppError('NOT_FOUND', 'no such newsletter');
      // Still a draft: it was not at the version the admin saw.
      if (current.status === 'draft') throw await editConflict(trx, id);
    }
  });
}

/** Every newsletter whose sending has started and whose mails may not all be queued yet, oldest first. */
export function newslettersBeingSent(db: Db): Promise<NewsletterRow[]> {
  return db.selectFrom('newsletters').selectAll().where('status', '=', 'sending').orderBy('send_started_at').orderBy('id').execute();
}

/**
 * Queues the newsletter for each of its recipients who has no delivery yet, then marks it 'sent' once
 * every one has; resolves with how many were queued now. Safe to run again at any point, and in several
 * processes at once.
 */
export async function queueMissingMails(deps: SendDeps, newsletter: NewsletterRow, options: QueueOptions = {}): Promise<number> {
  const { db, now, logger } = deps;
  const batchSize = options.batchSize ?? QUEUE_BATCH_SIZE;
  // startSending sets send_started_at with 'sending'; were it ever missing, everyone confirmed by now counts.
  const confirmedBy = newsletter.send_started_at ?? now.toISOString();
  await giveTokensToOlderSubscribers(db);
  const content = contentOf(newsletter);
  let queued = 0;
  // Each batch goes on after the last one's subscriber rather than from the start of the list: from the
  // start, every batch stepped again over everyone queued before it (40,000 subscribers in, a batch took
  // 70-140 ms on SQLite and 200-330 ms on PostgreSQL, against 0.3 and 8-20 ms from the last one; on SQLite
  // each such read holds the event loop). One skipped meanwhile (another process's batch that rolled back)
  // is found by the check below and queued by the next run.
  let after: string | null = null;
  for (;;) {
    const batch = await missingRecipients(db, newsletter.id, confirmedBy)
      .$if(after !== null, (qb) => qb.where('s.id', '>', after as string))
      .select(['s.id', 's.email', 's.locale', 's.unsubscribe_token'])
      .orderBy('s.id')
      .limit(batchSize)
      .execute();
    if (batch.length === 0) break;
    after = batch[batch.length - 1]?.id ?? null;
    queued += await queueBatch(db, newsletter.id, content, batch, { orgName: deps.orgName, publicUrl: deps.publicUrl }, now);
    await options.afterBatch?.(queued);
  }
  // Checked again in the update itself: it is 'sent' only when no recipient lacks a delivery.
  const done = await db
    .updateTable('newsletters')
    .set({ status: 'sent', sent_at: now.toISOString() })
    .where('id', '=', newsletter.id)
    .where('status', '=', 'sending')
    .where(({ not, exists }) => not(exists(missingRecipients(db, newsletter.id, confirmedBy).select('s.id'))))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) > 0) logger.info('newsletter queued', { newsletterId: newsletter.id, queued });
  return queued;
}

/** The newsletter's recipients (confirmed by `confirmedBy`, still on the list) who have no delivery of it. */
function missingRecipients(db: Db, newsletterId: string, confirmedBy: string) {
  return db
    .selectFrom('newsletter_subscribers as s')
    .where('s.confirmed_at', 'is not', null)
    .where('s.confirmed_at', '<=', confirmedBy)
    .where('s.unsubscribe_token', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('newsletter_deliveries as d')
            .select('d.outbox_id')
            .whereRef('d.subscriber_id', '=', 's.id')
            .where('d.newsletter_id', '=', newsletterId),
        ),
      ),
    );
}

type Recipient = { id: string; email: string; locale: string; unsubscribe_token: string | null };

async function queueBatch(
  db: Db,
  newsletterId: string,
  content: NewsletterContent,
  batch: Recipient[],
  footer: MailFooter,
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
      if (!delivery) continue; // another worker got there first
      const mail = newsletterMail({
        content,
        locale: subscriber.locale,
        unsubscribeToken: subscriber.unsubscribe_token as string,
        ...footer,
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
function sampleNewsletterMail(content: NewsletterContent, locale: Locale, footer: MailFooter) {
  return newsletterMail({ content, locale, unsubscribeToken: randomToken(), ...footer });
}

export function previewNewsletter(content: NewsletterContent, locale: Locale, footer: MailFooter): NewsletterPreview {
  const mail = sampleNewsletterMail(content, locale, footer);
  return { locale: mail.locale, ...mail.message };
}

/** "Send a test to me": one mail to the admin's own address, at once (not paced), marked as a test. */
export async function sendTestNewsletter(deps: SendDeps, id: string, admin: UserRow, locale: Locale): Promise<{ to: string }> {
  const newsletter = await findNewsletter(deps.db, id);
  if (!newsletter) throw new AppError('NOT_FOUND', 'no such newsletter');
  const mail = sampleNewsletterMail(contentOf(newsletter), locale, { orgName: deps.orgName, publicUrl: deps.publicUrl });
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
