/**
 * The contact form: the message is stored and both mails are queued in one transaction, so a mail
 * server that is away delays them but never loses them. Submissions that look automated are dropped
 * quietly: the caller gets the same answer as a person, so a bot learns nothing. Only a form whose
 * signed timestamp has expired is refused, so the person who left it open can send it again.
 */
import type { ContactMessage } from '@shared/schemas/contact';
import { AppError } from '../app-error';
import type { Db } from '../db/connect';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';
import type { MailFooter } from '../mail/footer';
import { enqueueMail } from '../mail/outbox';
import { checkFormToken, type FormTokenCheck } from './form-token';
import { contactInboxMail, contactReceiptMail, mailbox } from './mails';

export type ContactDeps = { db: Db; now: Date; contactInbox: string; logger: Logger; mailFooter: MailFooter; userId?: string | null };

export type SpamReason = 'honeypot' | 'no_token' | 'forged_token' | 'too_fast';

/** Why a submission is taken for a bot's, or null: the hidden field was filled, or the form's timestamp is missing, not ours or too new. */
function spamReason(input: Pick<ContactMessage, 'website'>, token: FormTokenCheck): SpamReason | null {
  if (input.website) return 'honeypot';
  if (token.status === 'missing') return 'no_token';
  if (token.status === 'forged') return 'forged_token';
  if (token.status === 'too_fast') return 'too_fast';
  return null;
}

/** Stores a message and queues the mail to the team and the receipt to the sender; a bot's goes nowhere. */
export async function sendContactMessage(deps: ContactDeps, input: ContactMessage): Promise<void> {
  const { db, now, contactInbox, logger, mailFooter } = deps;
  const token = await checkFormToken(db, input.formToken, now);
  const reason = spamReason(input, token);
  if (reason) {
    logger.info('contact message dropped as automated', { reason, fillTimeMs: 'fillTimeMs' in token ? token.fillTimeMs : null });
    return;
  }
  if (token.status === 'expired') throw new AppError('FORM_EXPIRED', 'contact form token expired');
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
        // Sent while signed in: the message belongs to the account's data export (ADR 028).
        user_id: deps.userId ?? null,
      })
      .execute();
    // The team answers with "Reply": the answer goes to the sender, not back to the site's address.
    await enqueueMail(trx, 'contact_inbox', contactInbox, contactInboxMail(input, mailFooter), now, {
      'Reply-To': mailbox(input.name, input.email),
    });
    // A reply to the receipt reaches the team (Reply-To: CONTACT_INBOX, the rule of mail/kinds.ts).
    await enqueueMail(trx, 'contact_receipt', input.email, contactReceiptMail(input, mailFooter), now);
  });
}
