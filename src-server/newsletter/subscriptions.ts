/**
 * Newsletter sign-up with double opt-in: an address is only used once its owner clicked the link.
 * Subscribing again is harmless: a confirmed address stays as it is, an unconfirmed one gets a new link.
 */
import { AppError } from '../app-error';
import { hashSecret, randomToken } from '../auth/random-token';
import type { Db } from '../db/connect';
import { newId } from '../lib/ids';
import { enqueueMail } from '../mail/outbox';
import { newsletterConfirmMail } from '../mail/templates';

export async function subscribe(db: Db, input: { email: string; locale: string }, publicUrl: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('newsletter_subscribers').selectAll().where('email', '=', input.email).executeTakeFirst();
    if (existing?.confirmed_at) return;
    const token = randomToken();
    if (existing) {
      await trx.updateTable('newsletter_subscribers').set({ token_hash: hashSecret(token), locale: input.locale }).where('id', '=', existing.id).execute();
    } else {
      await trx
        .insertInto('newsletter_subscribers')
        .values({ id: newId(), email: input.email, locale: input.locale, confirmed_at: null, token_hash: hashSecret(token), created_at: now.toISOString() })
        .execute();
    }
    const link = `${publicUrl}/newsletter/confirm?token=${token}`;
    await enqueueMail(trx, 'newsletter_confirm', input.email, newsletterConfirmMail(input.locale, { link }), now);
  });
}

export async function confirmSubscription(db: Db, token: string, now: Date): Promise<void> {
  const row = await db
    .updateTable('newsletter_subscribers')
    .set({ confirmed_at: now.toISOString(), token_hash: null })
    .where('token_hash', '=', hashSecret(token))
    .where('confirmed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError('TOKEN_INVALID');
}
