/**
 * Stripe's word on a shop order's payment (issue 18 point 3). Called by payments/handle-event.ts inside
 * the transaction that records the event id, so a redelivered event never arrives twice; two distinct
 * events about the same payment (completed and async_payment_succeeded) are made harmless by the
 * status: an order moves from `pending_payment` once. Paid → `pending_provider` with `paid_at` set and
 * the confirmation mail queued, in this same transaction: the order worker (worker.ts) then places it
 * confirmed at Printful, claimed with a lease, so a crash after this commit resumes with the next run and
 * Printful sees the order once (its external_id is our order number). Not paid → `cancelled`, and nothing
 * ever goes to Printful. Only this code marks an order paid: the return URL carries nothing we believe;
 * the thank-you page (checkout-status.ts) asks Stripe itself and records through applyCheckoutSession.
 */
import type Stripe from 'stripe';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { OrderRow } from '../db/schema';
import type { Logger } from '../lib/logger';
import { mailFooterOf } from '../mail/footer';
import { enqueueMail } from '../mail/outbox';
import { legalDetails } from '../site/legal-details';
import { ORDER_METADATA_KIND } from './checkout-session';
import { finishCancelledOrder, type RefundEntry } from './finish-cancel';
import { orderConfirmationMail, orderPaymentFailedMail, orderPaymentPendingMail } from './mails';
import { lockedOrder } from './order-lock';
import { onOrderRefundFailed } from './refund-failed';
import { greetsBuyerByName, hasCancelEntry, hasRefundEntry, orderEntryActor, orderLine } from './queries';
import { enqueueTeamMail, orderPaidTeamMail, paidWhileOffTeamMail, teamMailOf } from './team-mails';
import { placedUnderSmallBusinessRule } from './total-lines';
import { DEBIT_FAILED } from '../payments/debit-failed';
import { idOf } from '../payments/stripe-id';

export type OrderEventContext = { trx: Db; now: Date; logger: Logger; config: Config };
type Outcome = 'handled' | 'ignored' | 'unknown';

/** Whether an event's object was made for a shop order (its metadata says so). */
export function isOrderObject(object: unknown): boolean {
  const metadata = (object as { metadata?: Stripe.Metadata | null } | null)?.metadata;
  return metadata?.kind === ORDER_METADATA_KIND;
}

export async function handleOrderEvent(context: OrderEventContext, event: Stripe.Event): Promise<Outcome> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return onSessionPaid(context, event.data.object, at);
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return onSessionNotPaid(context, event.data.object, event.type);
    case 'charge.refunded':
      return onChargeRefunded(context, event.data.object, at);
    case 'refund.created':
      return onRefundCreated(context, event.data.object);
    case 'refund.failed':
      return onOrderRefundFailed(context, event.data.object, at);
    default:
      return 'ignored';
  }
}

/**
 * A Checkout session's outcome as Stripe states it when asked (reconcile-payments.ts, for an order whose
 * webhook never came; checkout-status.ts, for the buyer back on the thank-you page before it): complete
 * as checkout.session.completed, expired as checkout.session.expired, by
 * the same transitions; a session still open changes nothing (null). A SEPA debit's failure shows only
 * on its PaymentIntent (`intent`, asked for a complete but unpaid session): as async_payment_failed.
 */
export async function applyCheckoutSession(
  context: OrderEventContext,
  session: Stripe.Checkout.Session,
  at: Date,
  intent: Stripe.PaymentIntent | null = null,
): Promise<Outcome | null> {
  if (session.status === 'complete' && session.payment_status === 'unpaid' && intent && DEBIT_FAILED.has(intent.status)) {
    return onSessionNotPaid(context, session, 'checkout.session.async_payment_failed');
  }
  if (session.status === 'complete') return onSessionPaid(context, session, at);
  if (session.status === 'expired') return onSessionNotPaid(context, session, 'checkout.session.expired (asked Stripe)');
  return null;
}

/**
 * The order of a session: by the session id we stored, else by the order id in its metadata. Its row is
 * locked (order-lock.ts): a withdrawal declared at this moment is either committed before, and seen
 * below (the money keeps the order off), or waits, and then finds the order paid (and holds it).
 */
async function orderOfSession(trx: Db, session: Stripe.Checkout.Session): Promise<OrderRow | null> {
  const bySession = await lockedOrder(trx, 'stripe_session_id', session.id);
  if (bySession) return bySession;
  const orderId = session.metadata?.kind === ORDER_METADATA_KIND ? session.metadata.order_id : undefined;
  if (!orderId) return null;
  return (await lockedOrder(trx, 'id', orderId)) ?? null;
}

async function onSessionPaid(context: OrderEventContext, session: Stripe.Checkout.Session, at: Date): Promise<Outcome> {
  const { trx, now, logger } = context;
  const order = await orderOfSession(trx, session);
  if (!order) return 'unknown';
  const paymentIntentId = idOf(session.payment_intent);
  if (session.payment_status !== 'paid') {
    // SEPA: the debit settles days later (async_payment_succeeded or _failed). Nothing goes to Printful yet.
    if (paymentIntentId && !order.stripe_payment_intent_id) {
      // Only the first to record the payment (a copy of the event, or the reconciling worker at the same
      // moment, finds it recorded): the buyer hears once that the order arrived; the confirmation follows the money.
      const recorded = await trx
        .updateTable('orders')
        .set({ stripe_payment_intent_id: paymentIntentId })
        .where('id', '=', order.id)
        .where('stripe_payment_intent_id', 'is', null)
        .executeTakeFirst();
      if (Number(recorded.numUpdatedRows) > 0 && order.status === 'pending_payment') {
        const mail = orderPaymentPendingMail(order.locale, await paymentNotice(trx, order), mailFooterOf(context.config));
        await enqueueMail(trx, 'order_confirmation', order.email, mail, now);
      }
    }
    logger.info('order payment pending', { orderNumber: order.order_number, sessionId: session.id });
    return 'handled';
  }
  // The amount Stripe charged is the one the server put in the session; a mismatch means a session not of our making.
  if (session.amount_total !== null && session.amount_total !== order.total_cents) {
    logger.error('order paid with a different amount; not fulfilled, an operator has to look', {
      orderNumber: order.order_number,
      amountTotal: session.amount_total,
      totalCents: order.total_cents,
    });
    return 'handled';
  }
  // Money for an order that must not be made: given up before any money came (expired, then paid by a
  // late SEPA retry), or withdrawn while the debit was under way (found by the update below). It is kept
  // off and refunded instead.
  if (order.status === 'cancelled' && !order.paid_at) {
    return keepPaidOrderOff(context, order, { sessionId: session.id, paymentIntentId, at, withdrawnAt: null });
  }
  const nowIso = now.toISOString();
  const moved = await trx
    .updateTable('orders')
    .set({
      status: 'pending_provider',
      paid_at: at.toISOString(),
      stripe_session_id: session.id,
      stripe_payment_intent_id: paymentIntentId ?? order.stripe_payment_intent_id,
      // Due now: the worker takes it with its next run (kicked after this commit).
      next_attempt_at: nowIso,
      updated_at: nowIso,
    })
    .where('id', '=', order.id)
    .where('status', '=', 'pending_payment')
    // Not an order the buyer has withdrawn (also one declared at this very moment: it committed before
    // the order's lock above was ours): that one stays off.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('withdrawals').select('withdrawals.id').whereRef('withdrawals.order_id', '=', 'orders.id'))),
    )
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) {
    const current = await trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    const late = await trx.selectFrom('withdrawals').select('created_at').where('order_id', '=', order.id).executeTakeFirst();
    if (current.status === 'pending_payment' && late) {
      return keepPaidOrderOff(context, current, { sessionId: session.id, paymentIntentId, at, withdrawnAt: late.created_at });
    }
    return 'handled';
  }
  await queueConfirmation(context, order);
  // The money is in: the team hears of it with the change (the worker places the order by itself).
  const team = teamMailOf(context.config);
  await enqueueTeamMail(trx, team, orderPaidTeamMail({ ...order, status: 'pending_provider' }, team), now);
  logger.info('order paid', { orderNumber: order.order_number, totalCents: order.total_cents, sessionId: session.id });
  return 'handled';
}

/**
 * A payment for an order that is off: it stays cancelled and never goes to Printful, but the payment is
 * recorded (paid_at, the PaymentIntent), so that /orders-admin shows it paid and offers "cancel and
 * refund" (cancel-order.ts refunds a cancelled order that has a payment), and the team is told to refund
 * it, after a withdrawal by its deadline (§ 357 Abs. 1 BGB). The buyer hears of it with the refund.
 */
async function keepPaidOrderOff(
  context: OrderEventContext,
  order: OrderRow,
  payment: { sessionId: string; paymentIntentId: string | null; at: Date; withdrawnAt: string | null },
): Promise<Outcome> {
  const { trx, now, logger } = context;
  const nowIso = now.toISOString();
  const kept = await trx
    .updateTable('orders')
    .set({
      status: 'cancelled',
      paid_at: payment.at.toISOString(),
      cancelled_at: order.cancelled_at ?? nowIso,
      stripe_session_id: payment.sessionId,
      stripe_payment_intent_id: payment.paymentIntentId ?? order.stripe_payment_intent_id,
      next_attempt_at: null,
      updated_at: nowIso,
    })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .where('paid_at', 'is', null)
    .executeTakeFirst();
  // A copy of the event, or the reconciling worker at the same moment, found it recorded already.
  if (Number(kept.numUpdatedRows) === 0) return 'handled';
  const team = teamMailOf(context.config);
  const cancelled = { ...order, status: 'cancelled' as const };
  await enqueueTeamMail(trx, team, paidWhileOffTeamMail(cancelled, payment.withdrawnAt, team), now);
  logger.warn('payment for an order that is off (withdrawn or cancelled); refund it in the orders admin', {
    orderNumber: order.order_number,
    withdrawn: payment.withdrawnAt !== null,
  });
  return 'handled';
}

async function onSessionNotPaid(context: OrderEventContext, session: Stripe.Checkout.Session, type: string): Promise<Outcome> {
  const { trx, now, logger } = context;
  const order = await orderOfSession(trx, session);
  if (!order) return 'unknown';
  const nowIso = now.toISOString();
  const moved = await trx
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: nowIso, next_attempt_at: null, updated_at: nowIso })
    .where('id', '=', order.id)
    .where('status', '=', 'pending_payment')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return 'handled';
  logger.info('order cancelled: not paid', { orderNumber: order.order_number, reason: type });
  // A debit that failed was an order the buyer finished and was told of (orderPaymentPendingMail); an
  // expired session is a checkout they left, and hears nothing.
  if (type === 'checkout.session.async_payment_failed') {
    const mail = orderPaymentFailedMail(order.locale, await paymentNotice(trx, order), mailFooterOf(context.config));
    await enqueueMail(trx, 'order_cancelled', order.email, mail, now);
  }
  return 'handled';
}

const paymentNotice = async (trx: Db, order: OrderRow) => ({
  orderNumber: order.order_number,
  firstName: order.first_name,
  totalCents: order.total_cents,
  greetByName: await greetsBuyerByName(trx, order),
});

/**
 * A full refund (ours from the orders admin, or one made in Stripe's dashboard) marks the order refunded.
 * Its `order.refunded` audit entry is written once, by the rule in cancel-order.ts: this event defers to
 * an admin's cancel under way, since it cannot tell whose refund it reports (refund.created can: the
 * cancel's own refund finishes it there, onRefundCreated).
 *
 * An order not at Printful that no admin is cancelling (waiting for Printful, failed there, or held: withdrawn
 * before it got there, or kept off since its money came late) is cancelled and refunded by this alone, as
 * an admin's cancel would end (finish-cancel.ts): `refunded`, never to go to Printful, the refund in the
 * trail as the system's, and the buyer mailed once, under the order's lock (whichever of this and an
 * admin's cancel comes second finds it refunded: cancel-order.ts answers it done).
 */
async function onChargeRefunded(context: OrderEventContext, charge: Stripe.Charge, at: Date): Promise<Outcome> {
  const { trx, now, logger, config } = context;
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return 'unknown';
  // Locked (order-lock.ts): an admin's cancel finishing at this moment waits, or is waited for, and
  // whichever of the two comes second sees the other's audit entry.
  const order = await lockedOrder(trx, 'stripe_payment_intent_id', paymentIntentId);
  if (!order) return isOrderObject(charge) ? 'unknown' : 'ignored';
  if (!charge.refunded) {
    logger.info('order partly refunded', { orderNumber: order.order_number, amountRefunded: charge.amount_refunded });
    return 'handled';
  }
  if (order.refunded_at) return 'handled';
  const refund: RefundEntry = { by: SYSTEM_ACTOR, detail: { chargeId: charge.id, amountCents: charge.amount_refunded } };
  // A paid order an admin is cancelling (its cancel is in the trail) is left to that cancel, which records
  // the refund as the admin's when Stripe made it at their request, else as the system's, and mails the buyer.
  const adminCancelling = order.status === 'cancelled' && order.paid_at !== null && (await hasCancelEntry(trx, order.order_number));
  const stillQueued = order.status === 'pending_provider' || order.status === 'provider_failed';
  const held = order.status === 'cancelled' && order.paid_at !== null && !adminCancelling;
  if (stillQueued || held) {
    await finishCancelledOrder(trx, config, { ...order, refunded_at: at.toISOString() }, refund, now);
    logger.info('order cancelled by its refund in Stripe before it reached Printful; the buyer is told', {
      orderNumber: order.order_number,
      from: order.status,
    });
    return 'handled';
  }
  await trx
    .updateTable('orders')
    .set({ refunded_at: at.toISOString(), refund_failed_at: null, updated_at: now.toISOString() })
    .where('id', '=', order.id)
    .execute();
  // A refund made in Stripe's dashboard reaches us only as this event: the audit trail records it as the system's.
  if (!adminCancelling && !(await hasRefundEntry(trx, order.order_number))) {
    await recordAudit(
      trx,
      refund.by,
      { action: 'order.refunded', objectType: 'order', objectId: order.order_number, detail: refund.detail },
      now,
    );
  }
  if (order.status !== 'cancelled' && order.status !== 'refunded') {
    // Already at Printful: cancelling there is the admin's action, not a side effect of a refund (a partial
    // refund, a goodwill refund may well mean "ship it"). The orders admin's cancel then only cancels at
    // Printful and mails the buyer: the money is back already (cancel-order.ts).
    logger.warn('order refunded in Stripe while at Printful; cancel it in the orders admin if it should not ship', {
      orderNumber: order.order_number,
    });
  }
  logger.info('order refund recorded', { orderNumber: order.order_number });
  return 'handled';
}

/**
 * A refund Stripe made. One an admin's cancel asked for (cancel-order.ts: its metadata names the order,
 * which no refund made in the dashboard does) finishes that cancel if it has not finished itself: the
 * cancel stopped after Stripe made the refund (the process died, its last transaction failed), and
 * charge.refunded, which cannot tell whose refund it reports, leaves such an order to the cancel. So the
 * order becomes `refunded` without a second click, the refund is recorded as the admin's who cancelled
 * (the `order.cancelled` entry's actor, as the cancel itself would record it) and the buyer is mailed,
 * once: whichever of this and the cancel comes second under the order's lock finds it done. Stripe sends
 * this event only to endpoints subscribed to it (README); without it, the next click finishes the order.
 */
async function onRefundCreated(context: OrderEventContext, refund: Stripe.Refund): Promise<Outcome> {
  const { trx, now, logger, config } = context;
  const orderId = refund.metadata?.kind === ORDER_METADATA_KIND ? refund.metadata.order_id : undefined;
  if (!orderId) return 'unknown';
  const order = await lockedOrder(trx, 'id', orderId);
  if (!order) return 'unknown';
  // Only a refund of this order's own payment that has not failed; an order the cancel (or an earlier
  // copy of this event) has finished, or one not cancelled at all, is left as it is.
  const ofThisPayment = order.paid_at !== null && idOf(refund.payment_intent) === order.stripe_payment_intent_id;
  const failed = refund.status === 'failed' || refund.status === 'canceled';
  if (!ofThisPayment || failed || order.status !== 'cancelled') return 'handled';
  const canceller = (await orderEntryActor(trx, order.order_number, 'order.cancelled')) ?? SYSTEM_ACTOR;
  await finishCancelledOrder(trx, config, order, { by: canceller, detail: { refundId: refund.id, amountCents: refund.amount } }, now);
  // Mostly the event overtaking the cancel's last step by a moment; alone, it means the cancel stopped there.
  logger.info('order cancel finished by its refund’s event', {
    orderNumber: order.order_number,
    refundId: refund.id,
  });
  return 'handled';
}

/** The confirmation mail of a paid order: the same mail as without Stripe, saying the money arrived. */
async function queueConfirmation(context: OrderEventContext, order: OrderRow): Promise<void> {
  const { trx, now, config } = context;
  const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
  const mail = orderConfirmationMail(
    order.locale,
    {
      orderNumber: order.order_number,
      placedAt: order.created_at,
      firstName: order.first_name,
      lastName: order.last_name,
      address: order.address,
      postalCode: order.postal_code,
      city: order.city,
      country: order.country,
      lines: items.map(orderLine),
      subtotalCents: order.subtotal_cents,
      shippingCents: order.shipping_cents,
      totalCents: order.total_cents,
      kleinunternehmer: placedUnderSmallBusinessRule(order),
      isDemo: false,
      paidOnline: true,
      greetByName: await greetsBuyerByName(trx, order),
    },
    { footer: mailFooterOf(config), details: legalDetails(config) },
  );
  await enqueueMail(trx, 'order_confirmation', order.email, mail, now);
}
