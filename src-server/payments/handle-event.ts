import type Stripe from 'stripe';
import type { Db } from '../db/connect';
import { handleDonationEvent } from '../donations/webhook';
import { handleOrderEvent, isOrderObject } from '../orders/payment-webhook';
import type { AppDeps } from '../trpc';
import type { StripeReads } from './stripe-reads';

/** The events the webhook endpoint must be subscribed to in Stripe's Dashboard (README, ADR 030). */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.deleted',
  'charge.refunded',
  // The refund an admin's cancel asked for (its metadata says so): finishes a cancel that stopped after it.
  'refund.created',
  // A refund Stripe made that failed later (a closed card): the order or gift counts as paid again (refund-failed.ts).
  'refund.failed',
] as const satisfies readonly Stripe.Event.Type[];

const HANDLED = new Set<string>(HANDLED_STRIPE_EVENTS);

export type StripeEventDeps = Pick<AppDeps, 'config' | 'logger' | 'clock'> & { stripe: Stripe; reads: StripeReads };
export type StripeEventOutcome = 'handled' | 'ignored' | 'unknown';

/**
 * Applies one verified, first-seen event inside the transaction that records its id (webhook-route.ts):
 * whatever it writes commits together with that id, or not at all. A throw rolls both back and the
 * endpoint answers 500, so Stripe delivers the event again.
 * An event about an object we do not know (a session made elsewhere on the same account, or one whose
 * row is gone) is logged and acknowledged: answering an error would only make Stripe retry it for days.
 */
export async function handleStripeEvent(deps: StripeEventDeps, trx: Db, event: Stripe.Event): Promise<StripeEventOutcome> {
  if (!HANDLED.has(event.type)) return 'ignored';
  const now = deps.clock.now();
  // Our sessions (and their payment intents and charges) say in their metadata what they are for.
  // A refund's charge, or a failed refund, is asked of the orders first by its payment intent, whatever its metadata.
  if (isOrderObject(event.data.object) || event.type === 'charge.refunded' || event.type === 'refund.failed') {
    const outcome = await handleOrderEvent({ trx, now, logger: deps.logger, config: deps.config }, event);
    if (outcome === 'unknown') deps.logger.info('stripe event for no known order', { type: event.type, id: event.id });
    if (outcome !== 'ignored') return outcome;
  }
  const outcome = await handleDonationEvent(
    { trx, now, logger: deps.logger, config: deps.config, stripe: deps.stripe, reads: deps.reads },
    event,
  );
  if (outcome === 'unknown') deps.logger.info('stripe event for no known donation', { type: event.type, id: event.id });
  return outcome;
}
