/**
 * Newsletter sign-up with double opt-in: an address is only used once its owner clicked the link,
 * within NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS. Subscribing again is harmless: a confirmed address
 * stays as it is, an unconfirmed one gets a new link. A subscriber's language is the page's at sign-up.
 */
import { NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS } from '@shared/constants';
import { AppError } from '../app-error';
import { hashSecret, randomToken } from '../auth/random-token';
import type { Db } from '../db/connect';
import { newId } from '../lib/ids';
import { enqueueMail } from '../mail/outbox';
import { newsletterConfirmMail } from '../mail/templates';
import { siteLink } from './links';

export async function subscribe(db: Db, input: { email: string; locale: string }, publicUrl: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('newsletter_subscribers').selectAll().where('email', '=', input.email).executeTakeFirst();
    if (existing?.confirmed_at) return;
    const token = randomToken();
    const pending = {
      token_hash: hashSecret(token),
      token_expires_at: new Date(now.getTime() + NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS).toISOString(),
    };
    if (existing) {
      await trx
        .updateTable('newsletter_subscribers')
        .set({ ...pending, locale: input.locale })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await trx
        .insertInto('newsletter_subscribers')
        .values({ id: newId(), email: input.email, locale: input.locale, confirmed_at: null, created_at: now.toISOString(), ...pending })
        .execute();
    }
    const link = siteLink(publicUrl, '/newsletter/confirm', { token }, input.locale);
    await enqueueMail(trx, 'newsletter_confirm', input.email, newsletterConfirmMail(input.locale, { link }), now);
  });
}

/** Confirms with the mailed token while it is valid; from then on the address gets newsletters. */
export async function confirmSubscription(db: Db, token: string, now: Date): Promise<void> {
  const row = await db
    .updateTable('newsletter_subscribers')
    // The unsubscribe token every newsletter will carry is made here, once.
    .set({ confirmed_at: now.toISOString(), token_hash: null, token_expires_at: null, unsubscribe_token: randomToken() })
    .where('token_hash', '=', hashSecret(token))
    .where('confirmed_at', 'is', null)
    .where('token_expires_at', '>', now.toISOString())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError('TOKEN_INVALID');
}
