/**
 * Records what Stripe answered about a donation's Checkout session (ask-checkout.ts) in a transaction of
 * its own, through the webhook's handlers (applyDonationCheckout): the thank-you page's and the repair's
 * way to the same result the lost or late event would have had. As in the webhook (ADR 030), Stripe is
 * never asked inside the transaction: a handler that needs more (a pledge's billing address) stops, and
 * withStripeReads asks and runs it again.
 */
import type Stripe from 'stripe';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { DonationStatus } from '../db/schema';
import type { Logger } from '../lib/logger';
import { withStripeReads } from '../payments/stripe-reads';
import { type AskedCheckout, applyDonationCheckout } from './webhook';

export type RecordCheckoutDeps = { db: Db; logger: Logger; config: Config; stripe: Stripe };

/**
 * handled: it recorded something (maybe a mail to send); the donation's status once committed.
 * `lastSeenUnpaid`: when the donation was last known to wait for its money (the repair's; see applyDonationCheckout).
 */
export async function recordAskedCheckout(
  deps: RecordCheckoutDeps,
  donationId: string,
  asked: AskedCheckout,
  now: Date,
  lastSeenUnpaid: Date | null = null,
): Promise<{ handled: boolean; status: DonationStatus }> {
  const { db, logger, config, stripe } = deps;
  return withStripeReads((reads) =>
    db.transaction().execute(async (trx) => {
      const outcome = await applyDonationCheckout({ trx, now, logger, config, stripe, reads }, asked, now, lastSeenUnpaid);
      const row = await trx.selectFrom('donations').select('status').where('id', '=', donationId).executeTakeFirstOrThrow();
      return { handled: outcome === 'handled', status: row.status };
    }),
  );
}
