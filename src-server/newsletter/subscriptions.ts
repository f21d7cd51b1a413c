/**
 * Newsletter sign-up with double opt-in: an address is only used once its owner clicked the link,
 * within NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS. Subscribing again is harmless: a confirmed address
 * stays as it is, an unconfirmed one gets a new link. A subscriber's language is the page's at sign-up.
 * Each sign-up and its confirmation also go into the consent record (consents.ts), the proof of consent.
 */
import { NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS } from '@shared/constants';
import { AppError } from '../app-error';
import { hashSecret, randomToken } from '../auth/random-token';
import type { Db } from '../db/connect';
import { newId } from '../lib/ids';
import { enqueueMail } from '../mail/outbox';
import type { MailFooter } from '../mail/footer';
import { newsletterConfirmMail } from '../mail/templates';
import { recordConfirmation, recordSignUp, type ConsentProof } from './consents';
import { siteLink } from '../mail/site-link';

/**
 * `site`: the address links point to and the mail's footer (the association's name).
 * `proof`: the request's IP and the privacy-policy version, for the consent record.
 */
export async function subscribe(
  db: Db,
  input: { email: string; locale: string },
  site: MailFooter,
  proof: ConsentProof,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const token = randomToken();
    // created_at is the latest sign-up: the retention job deletes unconfirmed rows a link's lifetime after it.
    const pending = {
      token_hash: hashSecret(token),
      token_expires_at: new Date(now.getTime() + NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS).toISOString(),
      locale: input.locale,
      created_at: now.toISOString(),
    };
    // One statement, so that two sign-ups of one address at once (a double submit, two servers) cannot both
    // insert: the second finds the first's row through the unique e-mail and renews its link, exactly as a
    // later repeated sign-up does. A confirmed address is left as it is (no row comes back).
    const signedUp = await trx
      .insertInto('newsletter_subscribers')
      .values({ id: newId(), email: input.email, confirmed_at: null, ...pending })
      .onConflict((oc) => oc.column('email').doUpdateSet(pending).where('newsletter_subscribers.confirmed_at', 'is', null))
      .returning('id')
      .executeTakeFirst();
    if (!signedUp) return;
    await recordSignUp(trx, input, proof, now);
    const link = siteLink(site.publicUrl, '/newsletter/confirm', { token }, input.locale);
    await enqueueMail(trx, 'newsletter_confirm', input.email, newsletterConfirmMail(input.locale, { link }, site), now);
  });
}

/** Confirms with the mailed token while it is valid; from then on the address gets newsletters. */
export async function confirmSubscription(db: Db, token: string, ip: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('newsletter_subscribers')
      // The unsubscribe token every newsletter will carry is made here, once.
      .set({ confirmed_at: now.toISOString(), token_hash: null, token_expires_at: null, unsubscribe_token: randomToken() })
      .where('token_hash', '=', hashSecret(token))
      .where('confirmed_at', 'is', null)
      .where('token_expires_at', '>', now.toISOString())
      .returning('email')
      .executeTakeFirst();
    if (!row) throw new AppError('TOKEN_INVALID');
    await recordConfirmation(trx, row.email, ip, now);
  });
}
