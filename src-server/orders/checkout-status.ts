/**
 * What /checkout/danke says for a Checkout session of an order (issue 18): the server's order row,
 * never the URL. While the webhook has not arrived (still `pending_payment`), Stripe is asked for the
 * session, and what it says is recorded as the webhook would record it (Stripe's fulfilment guide:
 * from the webhook and from the landing page, through one idempotent function): applyCheckoutSession
 * of payment-webhook.ts, the one the order worker's repair (reconcile-payments.ts) calls too. So a
 * paid card order is paid, mailed and on its way to Printful when the page says so, also when the
 * webhook is late or lost; its event, coming later, finds it paid and changes nothing. The order's
 * row lock and status make it happen once, with the same checks (a withdrawn order stays off).
 */
import type Stripe from 'stripe';
import type { OrderCheckoutStatus } from '@shared/schemas/checkout';
import type { AppDeps } from '../trpc';
import { hitRateLimit, type RateLimitRule } from '../lib/rate-limit';
import { describeStripeError } from '../payments/stripe-errors';
import { applyCheckoutSession } from './payment-webhook';

export type OrderCheckoutStatusDeps = Pick<AppDeps, 'db' | 'logger' | 'stripe' | 'clock' | 'config' | 'outbox' | 'orderQueue'>;

/**
 * At most one question to Stripe per Checkout session in this time; between questions the order row
 * answers. Without it, a buyer's script (anyone with a session of their own) could make the server call
 * Stripe as fast as it likes, spending the account's rate limit that donations and refunds share (25 or
 * 100 requests a second). The thank-you page asks every 3 s while the answer is "open" (POLL_MS in
 * src-client/features/checkout/OrderThanksPage.tsx): a gap well below that lets each of its polls ask, also
 * with a poll's timer or the network a little early; only an extra question (a reload, a second tab) is
 * answered from the row, and the page's next poll asks Stripe. Counted in the database (lib/rate-limit.ts),
 * so it holds across the processes behind a load balancer; a bucket per session, deleted when idle by the
 * retention job.
 */
export const STRIPE_QUESTION_GAP_MS = 2000;
const STRIPE_QUESTIONS: RateLimitRule = { name: 'order-checkout-stripe', limit: 1, windowMs: STRIPE_QUESTION_GAP_MS };

export async function orderCheckoutStatus(deps: OrderCheckoutStatusDeps, userId: string, sessionId: string): Promise<OrderCheckoutStatus> {
  const row = await deps.db
    .selectFrom('orders')
    .select(['id', 'order_number', 'status', 'total_cents', 'paid_at', 'stripe_payment_intent_id'])
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
  if (row.status !== 'pending_payment') return answer(stateOfOrder(row));
  if (!deps.stripe) return answer('open');
  // Asked a moment ago: the row as it is (a SEPA debit under way has its PaymentIntent recorded).
  const question = await hitRateLimit(deps.db, STRIPE_QUESTIONS, sessionId, deps.clock.now());
  if (!question.allowed) return answer(row.stripe_payment_intent_id ? 'pending' : 'open');
  let session: Stripe.Checkout.Session;
  try {
    // The buyer waits: the client's short timeout applies (stripe-client.ts).
    session = await deps.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    deps.logger.warn('could not read an order checkout session from stripe', {
      orderNumber: row.order_number,
      error: describeStripeError(error),
    });
    return answer('open');
  }
  if (session.status === 'open') return answer('open');
  return answer(await settle(deps, row, session));
}

/**
 * An order that has left `pending_payment`: its money came (whatever Printful does with it), or it is
 * off — without money, or with money that goes back (a withdrawal or a cancel before or while it came:
 * "nothing was charged" would be untrue then).
 */
function stateOfOrder(order: { status: string; paid_at: Date | string | null }): OrderCheckoutStatus['state'] {
  if (order.status !== 'cancelled' && order.status !== 'refunded') return 'paid';
  return order.paid_at === null ? 'cancelled' : 'refunding';
}

/**
 * Records a finished session (complete, or expired) as its webhook would, and answers what the order
 * row says then: paid; pending (a SEPA debit under way: the buyer's "order received" mail is queued);
 * cancelled; or open while the order still waits (a paid amount that is not the order's stays for an
 * operator, payment-webhook.ts). A mail or a paid order it queued wakes the workers, as the webhook does.
 */
async function settle(
  deps: OrderCheckoutStatusDeps,
  order: { id: string; order_number: string },
  session: Stripe.Checkout.Session,
): Promise<OrderCheckoutStatus['state']> {
  const { db, logger, config } = deps;
  const now = deps.clock.now();
  const { outcome, settled } = await db.transaction().execute(async (trx) => {
    const outcome = await applyCheckoutSession({ trx, now, logger, config }, session, now);
    const settled = await trx.selectFrom('orders').select(['status', 'paid_at']).where('id', '=', order.id).executeTakeFirstOrThrow();
    return { outcome, settled };
  });
  if (outcome === 'handled') {
    deps.outbox.kick();
    deps.orderQueue.kick();
  }
  if (settled.status !== 'pending_payment') {
    // Mostly the page overtaking its webhook by a moment; often, or hours late, it is the webhook failing.
    logger.info('order payment settled from stripe on the thank-you page', {
      orderNumber: order.order_number,
      sessionStatus: session.status,
      paymentStatus: session.payment_status,
      orderStatus: settled.status,
    });
    return stateOfOrder(settled);
  }
  return session.status === 'complete' && session.payment_status === 'unpaid' ? 'pending' : 'open';
}
