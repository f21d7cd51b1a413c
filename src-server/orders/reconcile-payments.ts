/**
 * Orders still waiting for payment a day after their Checkout ran out. A Checkout session lasts 24
 * hours, and Stripe redelivers each event for three days, so normally the webhook has long since said
 * paid or expired. When it has not (the endpoint's URL or secret was wrong for days, or the
 * events were turned off in Stripe's dashboard), the order would wait for good: the buyer's money
 * taken and nothing sent, or a dead order in the admin list. The order worker asks Stripe for such a session
 * (at most once an hour per order) and applies its answer through the webhook's own transitions
 * (payment-webhook.ts): paid → on to Printful with the confirmation mail, expired → cancelled, a SEPA
 * debit that failed (its PaymentIntent asked) → cancelled with the buyer's mail. Each
 * such repair is logged as a warning, since it means the webhook is not reaching the site. An order
 * that never got a session (Stripe was down at the click, never tried again) is cancelled then.
 */
import type Stripe from 'stripe';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { BACKGROUND_STRIPE_REQUEST } from '../payments/stripe-client';
import { describeStripeError } from '../payments/stripe-errors';
import { applyCheckoutSession } from './payment-webhook';

/** Checkout's own lifetime (24 hours, Stripe's default, which checkout-session.ts keeps) and an hour's grace. */
export const STALE_CHECKOUT_AFTER_MS = 25 * 60 * 60_000;
/** How long an order whose session is still open or processing (a SEPA debit) waits before the next question. */
export const RECONCILE_AGAIN_AFTER_MS = 60 * 60_000;
/**
 * Orders older than this are not asked about any more: a SEPA debit has settled or failed within two
 * weeks, and a session that still says "complete, unpaid" a month on stays for an operator to look at.
 */
export const RECONCILE_FOR_MS = 30 * 24 * 60 * 60_000;
/** At most this many questions to Stripe per run of the worker (of the donations' repair too, donations/reconcile.ts). */
export const RECONCILE_BATCH = 20;

export type ReconcileDeps = { db: Db; stripe: Stripe; clock: Clock; logger: Logger; config: Config };

/** Asks Stripe about the stale orders that are due; answers how many changed status. */
export async function reconcileStalePayments(deps: ReconcileDeps): Promise<number> {
  const { db, stripe, clock, logger, config } = deps;
  const now = clock.now();
  const staleBefore = new Date(now.getTime() - STALE_CHECKOUT_AFTER_MS).toISOString();
  const withoutSession = await cancelOrdersWithoutSession(db, staleBefore, now, logger);
  const due = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'stripe_session_id'])
    .where('status', '=', 'pending_payment')
    .where('stripe_session_id', 'is not', null)
    .where('created_at', '<', staleBefore)
    .where('created_at', '>', new Date(now.getTime() - RECONCILE_FOR_MS).toISOString())
    // An order waiting for payment has no Printful attempts: its next_attempt_at is the next question to Stripe.
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now.toISOString())]))
    .orderBy('created_at')
    .limit(RECONCILE_BATCH)
    .execute();
  let changed = withoutSession;
  for (const order of due) {
    const sessionId = order.stripe_session_id as string;
    let session: Stripe.Checkout.Session | null = null;
    let intent: Stripe.PaymentIntent | null = null;
    try {
      // Nobody waits on this run: the SDK may take its time and retry (stripe-client.ts).
      session = await stripe.checkout.sessions.retrieve(sessionId, {}, BACKGROUND_STRIPE_REQUEST);
      // A debit under way or failed: the session says "complete, unpaid" either way; its PaymentIntent tells.
      if (session.status === 'complete' && session.payment_status === 'unpaid' && session.payment_intent) {
        const intentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent.id;
        intent = await stripe.paymentIntents.retrieve(intentId, {}, BACKGROUND_STRIPE_REQUEST);
      }
    } catch (error) {
      logger.warn('could not ask stripe about a stale order payment; asking again later', {
        orderNumber: order.order_number,
        error: describeStripeError(error),
      });
    }
    const moved = await db.transaction().execute(async (trx) => {
      const status = session ? await applyCheckoutSession({ trx, now, logger, config }, session, now, intent) : null;
      const row = await trx.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
      if (row.status === 'pending_payment') {
        const again = new Date(now.getTime() + RECONCILE_AGAIN_AFTER_MS).toISOString();
        await trx.updateTable('orders').set({ next_attempt_at: again }).where('id', '=', order.id).execute();
        return false;
      }
      return status !== null;
    });
    // Stripe did not answer: the others would not get an answer either, and would hold up this run of
    // the worker (its Printful orders) for their timeouts. They are asked next time.
    if (!session) break;
    if (moved) {
      changed++;
      logger.warn('order payment settled from stripe without its webhook; check the webhook endpoint', {
        orderNumber: order.order_number,
        sessionStatus: session.status,
        paymentStatus: session.payment_status,
        ...(intent ? { paymentIntentStatus: intent.status } : {}),
      });
    }
  }
  return changed;
}

/**
 * Orders that never got a Checkout session (Stripe was down when the buyer clicked, and they did not
 * click again) and are as old as a stale Checkout: no money can have been taken, so they are cancelled.
 */
async function cancelOrdersWithoutSession(db: Db, staleBefore: string, now: Date, logger: Logger): Promise<number> {
  const nowIso = now.toISOString();
  const cancelled = await db
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: nowIso, next_attempt_at: null, updated_at: nowIso })
    .where('status', '=', 'pending_payment')
    .where('stripe_session_id', 'is', null)
    .where('created_at', '<', staleBefore)
    .returning('order_number')
    .execute();
  for (const { order_number } of cancelled) logger.info('order cancelled: no checkout was ever opened', { orderNumber: order_number });
  return cancelled.length;
}
