/**
 * What /checkout/danke says for a Checkout session of an order (issue 18): the server's order row,
 * never the URL. While the webhook has not arrived (still `pending_payment`), Stripe is asked once for
 * the session, only to word the page: marking the order paid is the webhook's job alone.
 */
import type Stripe from 'stripe';
import type { OrderCheckoutStatus } from '@shared/schemas/checkout';
import type { Db } from '../db/connect';
import { describeStripeError } from '../payments/stripe-errors';
import type { Logger } from '../lib/logger';

export type OrderCheckoutStatusDeps = { db: Db; logger: Logger; stripe: Stripe | null };

export async function orderCheckoutStatus(deps: OrderCheckoutStatusDeps, userId: string, sessionId: string): Promise<OrderCheckoutStatus> {
  const row = await deps.db
    .selectFrom('orders')
    .select(['id', 'order_number', 'status', 'total_cents'])
    .where('stripe_session_id', '=', sessionId)
    // Only the buyer's own order: a session id seen elsewhere reveals nothing.
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { state: 'unknown', orderNumber: null, totalCents: null };
  const answer = (state: OrderCheckoutStatus['state']): OrderCheckoutStatus => ({
    state,
    orderNumber: row.order_number,
    totalCents: row.total_cents,
  });
  if (row.status === 'cancelled' || row.status === 'refunded') return answer('cancelled');
  if (row.status !== 'pending_payment') return answer('paid');
  if (!deps.stripe) return answer('open');
  try {
    const session = await deps.stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'complete') return answer(session.payment_status === 'unpaid' ? 'pending' : 'paid');
    if (session.status === 'expired') return answer('cancelled');
  } catch (error) {
    deps.logger.warn('could not read an order checkout session from stripe', {
      orderNumber: row.order_number,
      error: describeStripeError(error),
    });
  }
  return answer('open');
}
