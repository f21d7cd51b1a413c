/**
 * Donations still waiting for their money a day after their Checkout ran out, as reconcile-payments.ts
 * does for orders. Normally the webhook has long since said paid, pending or expired (Checkout lasts 24
 * hours, Stripe redelivers each event for three days), and the donor who came back to the thank-you page
 * had it recorded there (status.ts). When neither happened (the endpoint's URL or secret wrong for days,
 * its events turned off, a donor who closed the tab), the donation would stay `open` for good: no
 * thank-you, no receipt mail to the team, not in the treasurer's CSV. So Stripe is asked about such a
 * session, and its answer recorded through the webhook's own handlers (applyDonationCheckout): paid → the
 * payment with its mails, a pledge's paid first month → active, a failed debit → failed with the donor's
 * notice, expired → expired. Each repair is logged as a warning: the webhook is not reaching the site.
 *
 * Every process runs it (repair-worker.ts), as every process runs the order worker's repair: a donation
 * is claimed before Stripe is asked about it, by moving its `updated_at` on (a conditional update only
 * one process wins), which also makes the next question wait an hour. A donation whose row changed for
 * another reason meanwhile (its webhook) is simply asked about an hour after that.
 */
import type Stripe from 'stripe';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { DonationStatus } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { RECONCILE_AGAIN_AFTER_MS, RECONCILE_BATCH, RECONCILE_FOR_MS, STALE_CHECKOUT_AFTER_MS } from '../orders/reconcile-payments';
import { BACKGROUND_STRIPE_REQUEST } from '../payments/stripe-client';
import { describeStripeError } from '../payments/stripe-errors';
import { askCheckout } from './ask-checkout';
import { recordAskedCheckout } from './record-checkout';
import type { AskedCheckout } from './webhook';

export type DonationRepairDeps = { db: Db; stripe: Stripe; clock: Clock; logger: Logger; config: Config };

/** Open: Checkout never reported back; pending: a SEPA debit whose outcome never came. */
const WAITING: readonly DonationStatus[] = ['open', 'pending'];

/** Asks Stripe about the stale donations that are due; answers how many changed status (mails may wait in the outbox). */
export async function reconcileStaleDonations(deps: DonationRepairDeps): Promise<number> {
  const { db, stripe, clock, logger } = deps;
  const now = clock.now();
  const nowIso = now.toISOString();
  const due = await db
    .selectFrom('donations')
    .select(['id', 'status', 'stripe_session_id', 'updated_at', 'seen_unpaid_at'])
    .where('status', 'in', WAITING)
    .where('stripe_session_id', 'is not', null)
    .where('created_at', '<', new Date(now.getTime() - STALE_CHECKOUT_AFTER_MS).toISOString())
    .where('created_at', '>', new Date(now.getTime() - RECONCILE_FOR_MS).toISOString())
    .where('updated_at', '<=', new Date(now.getTime() - RECONCILE_AGAIN_AFTER_MS).toISOString())
    .orderBy('created_at')
    .limit(RECONCILE_BATCH)
    .execute();
  let changed = 0;
  for (const donation of due) {
    // Ours to ask about, unless another process claimed it (or something changed it) since the list was read.
    const claimed = await db
      .updateTable('donations')
      .set({ updated_at: nowIso })
      .where('id', '=', donation.id)
      .where('status', '=', donation.status)
      .where('updated_at', '=', donation.updated_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    let asked: AskedCheckout;
    try {
      // Nobody waits on this run: the SDK may take its time and retry (stripe-client.ts).
      asked = await askCheckout(stripe, donation.stripe_session_id as string, { request: BACKGROUND_STRIPE_REQUEST, withIntent: true });
    } catch (error) {
      logger.warn('could not ask stripe about a stale donation; asking again later', {
        donationId: donation.id,
        error: describeStripeError(error),
      });
      // Stripe did not answer: the others would not get an answer either. They are asked next time.
      break;
    }
    // A pending one: when it was last seen waiting (the last question answered "under way", or the event
    // that said so; not the claim of a question Stripe did not answer, which saw nothing): the money came
    // after it, which dates a SEPA debit within the hour (webhook.ts giftPaidAt). An open one was never seen
    // waiting (an answer "under way" makes it pending), which says nothing of when a card was paid.
    const lastSeenUnpaid = donation.status === 'pending' && donation.seen_unpaid_at ? new Date(donation.seen_unpaid_at) : null;
    const { status } = await recordAskedCheckout(deps, donation.id, asked, now, lastSeenUnpaid);
    if (status === 'pending') {
      // Still under way, as of this answer.
      await db
        .updateTable('donations')
        .set({ seen_unpaid_at: nowIso })
        .where('id', '=', donation.id)
        .where('status', '=', 'pending')
        .execute();
    }
    if (status === donation.status) continue;
    changed++;
    logger.warn('donation settled from stripe without its webhook; check the webhook endpoint', {
      donationId: donation.id,
      from: donation.status,
      to: status,
      sessionStatus: asked.session.status,
      paymentStatus: asked.session.payment_status,
      ...(asked.intent ? { paymentIntentStatus: asked.intent.status } : {}),
    });
  }
  return changed;
}
