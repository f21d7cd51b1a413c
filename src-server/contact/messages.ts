/**
 * The contact form: the message is stored and both mails are queued in one transaction, so a mail
 * server that is away delays them but never loses them. Submissions that look automated are dropped
 * quietly: the caller gets the same answer as a person, so a bot learns nothing.
 */
import { CONTACT_MIN_FILL_MS } from '@shared/constants';
import type { ContactMessage } from '@shared/schemas/contact';
import type { Db } from '../db/connect';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';
import { enqueueMail } from '../mail/outbox';
import { contactInboxMail, contactReceiptMail, mailbox } from './mails';

export type ContactDeps = { db: Db; now: Date; contactInbox: string; logger: Logger };

export type SpamReason = 'honeypot' | 'too_fast';

/** Why a submission is taken for a bot's, or null: the hidden field was filled, or the form was sent too fast. */
function spamReason(input: Pick<ContactMessage, 'website' | 'fillTimeMs'>): SpamReason | null {
  if (input.website) return 'honeypot';
  if (input.fillTimeMs === undefined || input.fillTimeMs < CONTACT_MIN_FILL_MS) return 'too_fast';
  return null;
}

/** Stores a message and queues the mail to the team and the receipt to the sender; a bot's goes nowhere. */
export async function sendContactMessage(deps: ContactDeps, input: ContactMessage): Promise<{ stored: boolean }> {
  const { db, now, contactInbox, logger } = deps;
  const reason = spamReason(input);
  if (reason) {
    logger.info('contact message dropped as automated', { reason, fillTimeMs: input.fillTimeMs ?? null });
    return { stored: false };
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('contact_messages')
      .values({
        id: newId(),
        name: input.name,
        email: input.email,
        organization: input.organization || null,
        inquiry_type: input.inquiryType,
        subject: input.subject,
        message: input.message,
        locale: input.locale,
        created_at: now.toISOString(),
      })
      .execute();
    // The team answers with "Reply": the answer goes to the sender, not back to the site's address.
    await enqueueMail(trx, 'contact_inbox', contactInbox, contactInboxMail(input), now, { 'Reply-To': mailbox(input.name, input.email) });
    // And a sender who answers the receipt reaches the team.
    await enqueueMail(trx, 'contact_receipt', input.email, contactReceiptMail(input), now, { 'Reply-To': contactInbox });
  });
  return { stored: true };
}
