/**
 * An admin cancels a paid order from /orders-admin (issue 18 point 3): Printful's order is cancelled
 * while it has not gone into production, the money goes back through a Stripe refund, and the buyer
 * gets a mail. In this order, so that nothing is refunded that still ships: Printful first (a refusal
 * there stops everything), then the order is marked cancelled (the worker no longer takes it), then
 * the refund (one idempotency key per order: a retried cancel never refunds twice; a charge refunded
 * in Stripe's dashboard meanwhile counts as refunded), then `refunded` with the mail in one transaction.
 * A cancel that stopped after "cancelled" is finished by trying again. Each of the two steps records its
 * audit entry (order.cancelled, order.refunded) in its own transaction; the refund's entry is the
 * system's when the money went back in the dashboard (the rule is at the end of cancelPaidOrder).
 */
import type Stripe from 'stripe';
import type { CancelledOrder } from '@shared/schemas/checkout';
import { AppError } from '../app-error';
import { type AuditActor, type AuditEvent, recordAudit, SYSTEM_ACTOR } from '../audit/record';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { OrderRow } from '../db/schema';
import { describeStripeError } from '../payments/stripe-errors';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { mailFooterOf } from '../mail/footer';
import { enqueueMail } from '../mail/outbox';
import { PrintfulError } from '../shop/printful-client';
import type { ShopServices } from '../shop/services';
import { orderCancelledMail } from './mails';
import { lockedOrder } from './order-lock';
import { hasCancelEntry, hasRefundEntry } from './queries';

export type CancelOrderDeps = { db: Db; shop: ShopServices; clock: Clock; logger: Logger; config: Config; stripe: Stripe | null };

/**
 * Where an order paid online may still be cancelled with its refund: waiting for Printful or failed there
 * (nothing made yet), at Printful (its cancel decides, while not in production), or `cancelled` already
 * with money in (a refund that did not go through yet, or a payment that arrived after a withdrawal or a
 * cancel). Not `pending_payment` (nothing to refund), `refunded` (done) or `demo`.
 */
const CANCELLABLE_STATUSES: ReadonlySet<OrderRow['status']> = new Set([
  'pending_provider',
  'provider_failed',
  'confirmed',
  'submitted',
  'cancelled',
]);

/**
 * Whether "Stornieren und erstatten" applies to the order: the one rule for the cancel below and for
 * /orders-admin's button (`AdminOrder.cancellable`). It needs the money paid through Stripe (a
 * PaymentIntent to refund) and Stripe configured (`stripe`: the procedure's client, null without a key).
 */
export function isCancellable<T extends Pick<OrderRow, 'status' | 'paid_at' | 'stripe_payment_intent_id'>>(
  order: T,
  stripe: Stripe | null,
): order is T & { paid_at: string; stripe_payment_intent_id: string } {
  return stripe !== null && order.paid_at !== null && order.stripe_payment_intent_id !== null && CANCELLABLE_STATUSES.has(order.status);
}

export async function cancelPaidOrder(deps: CancelOrderDeps, actor: AuditActor, orderNumber: string): Promise<CancelledOrder> {
  const { db, shop, clock, logger, stripe } = deps;
  const order = await db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
  // `!stripe` only tells the compiler what isCancellable checked already.
  if (!order || !stripe || !isCancellable(order, stripe)) {
    throw new AppError('ORDER_NOT_CANCELLABLE', order ? `status ${order.status}, not paid online, or payments off` : 'unknown');
  }
  const audit = { orderNumber, adminId: actor.id, from: order.status };

  if (order.status === 'confirmed' || order.status === 'submitted') {
    if (order.printful_order_id) {
      try {
        await shop.provider.cancelOrder(order.printful_order_id);
      } catch (error) {
        if (error instanceof PrintfulError && error.kind === 'rejected') {
          logger.warn('order not cancelled: Printful refused (in production or shipped)', { ...audit, error: error.message });
          throw new AppError('ORDER_NOT_CANCELLABLE', 'printful refused the cancel');
        }
        logger.error('order not cancelled: Printful did not answer', { ...audit, error: String(error) });
        throw new AppError('SHOP_UNAVAILABLE', 'printful unavailable');
      }
    }
    // Another admin or a webhook may have moved it while Printful answered: then it is not ours to refund.
    const moved = await markCancelled(db, order, actor, clock.now());
    if (!moved) throw new AppError('ORDER_NOT_CANCELLABLE', 'the order was changed meanwhile');
  } else if (order.status === 'pending_provider' || order.status === 'provider_failed') {
    // Also while the order worker waits to try again, or is handing it over this very moment: an order it
    // then finds cancelled has its new Printful order cancelled there at once (submission.ts).
    const moved = await markCancelled(db, order, actor, clock.now());
    if (!moved) throw new AppError('ORDER_NOT_CANCELLABLE', 'the order was changed meanwhile');
  }
  // `cancelled` (isCancellable left no other status): straight to the refund. One kept off since its money
  // came after a withdrawal or cancel (payment-webhook.ts keepPaidOrderOff) has no admin's cancel yet: this
  // is it, in the trail before the refund, so that the refund's event knows an admin is at work.
  else if (!(await hasCancelEntry(db, orderNumber))) {
    await recordAudit(
      db,
      actor,
      { action: 'order.cancelled', objectType: 'order', objectId: orderNumber, detail: { from: order.status } },
      clock.now(),
    );
  }

  // Refunded in Stripe's dashboard before (charge.refunded recorded refunded_at): the money is back
  // already, and Stripe would refuse a second refund (charge_already_refunded). Printful's cancel and
  // the buyer's mail are what is left to do. So also when Stripe answers so now: refunded in the
  // dashboard while this cancel was under way (its event may be on its way, or came and left the entry
  // to this cancel).
  let refund: Stripe.Refund | null = null;
  let refundedBefore = order.refunded_at !== null;
  if (!refundedBefore) {
    try {
      refund = await stripe.refunds.create(
        {
          payment_intent: order.stripe_payment_intent_id,
          reason: 'requested_by_customer',
          metadata: { kind: 'order', order_id: order.id },
        },
        { idempotencyKey: `order-refund-${order.id}` },
      );
    } catch (error) {
      if (!isAlreadyRefunded(error)) {
        logger.error('order cancelled but not refunded yet; cancel again to retry the refund', {
          ...audit,
          error: describeStripeError(error),
        });
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'refund failed');
      }
      refundedBefore = true;
      logger.info('order refunded in Stripe before the admin’s refund; finishing the cancel without one', audit);
    }
  }

  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    // Locked (order-lock.ts): the refund's event, arriving at this moment, waits for this or is waited
    // for, and the one that comes second finds the other's audit entry.
    const current = await lockedOrder(trx, 'id', order.id);
    if (current?.status !== 'cancelled') return;
    await trx
      .updateTable('orders')
      .set({ status: 'refunded', refunded_at: current.refunded_at ?? now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', order.id)
      .execute();
    // Exactly one `order.refunded` entry per order, written by whichever of this cancel and the refund's
    // event (payment-webhook.ts onChargeRefunded) comes second, under the order's lock. Whose it is:
    // the admin's when Stripe made the refund at this cancel's request (`refund`, also Stripe's replay of
    // it to a retried cancel); the system's when the money went back another way, in Stripe's dashboard
    // (recorded before this cancel, or answered charge_already_refunded now), as the event records such a
    // refund. The event defers to a cancel under way (it cannot tell whose refund it reports), so a cancel
    // that stops before this point leaves the entry to the next click, which finishes the order.
    if (!(await hasRefundEntry(trx, orderNumber))) {
      const [by, detail]: [AuditActor, AuditEvent['detail']] = refund
        ? [actor, { refundId: refund.id, amountCents: refund.amount }]
        : [SYSTEM_ACTOR, { amountCents: order.total_cents, refundedInStripe: true }];
      await recordAudit(trx, by, { action: 'order.refunded', objectType: 'order', objectId: orderNumber, detail }, now);
    }
    const mail = orderCancelledMail(
      order.locale,
      { orderNumber, firstName: order.first_name, totalCents: order.total_cents, refunded: true },
      mailFooterOf(deps.config),
    );
    await enqueueMail(trx, 'order_cancelled', order.email, mail, now);
  });
  logger.info('order cancelled and refunded by an admin', {
    ...audit,
    printfulOrderId: order.printful_order_id,
    refundId: refund?.id ?? 'refunded before in Stripe',
    refundStatus: refund?.status,
    amountCents: refund?.amount ?? order.total_cents,
  });
  return { status: 'refunded', refundedBefore };
}

/**
 * Stripe's answer to a refund of a charge refunded in full already (in the dashboard, meanwhile). Not a
 * replay of this cancel's own refund: that one Stripe answers with the refund, by its idempotency key.
 */
function isAlreadyRefunded(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'charge_already_refunded';
}

/** Marks the order cancelled if nobody moved it meanwhile, with its audit entry. */
async function markCancelled(db: Db, order: OrderRow, actor: AuditActor, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('orders')
      .set({ status: 'cancelled', cancelled_at: nowIso, next_attempt_at: null, updated_at: nowIso })
      .where('id', '=', order.id)
      .where('status', '=', order.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await recordAudit(
      trx,
      actor,
      { action: 'order.cancelled', objectType: 'order', objectId: order.order_number, detail: { from: order.status } },
      now,
    );
    return true;
  });
}
