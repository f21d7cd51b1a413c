/**
 * An admin cancels a paid order from /orders-admin (issue 18 point 3): Printful's order is cancelled
 * while it has not gone into production, the money goes back through a Stripe refund, and the buyer
 * gets a mail. In this order, so that nothing is refunded that still ships: Printful first (a refusal
 * there stops everything), then the order is marked cancelled (the worker no longer takes it), then
 * the refund (one idempotency key per order: a retried cancel never refunds twice; a charge refunded
 * in Stripe's dashboard meanwhile counts as refunded), then `refunded` with the mail in one transaction.
 * A cancel that stopped after "cancelled" is finished by trying again, or, when it stopped after Stripe
 * made the refund, by that refund's event (finish-cancel.ts). Each of the two steps records its audit
 * entry (order.cancelled, order.refunded) in its own transaction, once, under the order's row lock; the
 * refund's entry is the system's when the money went back in the dashboard (the rule is at the end of
 * cancelPaidOrder). Two cancels at once (two tabs, two admins) end as one: one entry each, one refund
 * (the idempotency key), one mail, and both answer the order refunded; so does a later click. An order
 * the worker places at Printful while the cancel marks it is cancelled there, as if the cancel had found it
 * so; one refunded in Stripe's dashboard meanwhile before Printful is done (its event mailed the buyer).
 */
import type Stripe from 'stripe';
import type { CancelledOrder } from '@shared/schemas/checkout';
import { AppError } from '../app-error';
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from '../audit/record';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { OrderRow } from '../db/schema';
import { describeStripeError } from '../payments/stripe-errors';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { PrintfulError, realSleep } from '../shop/printful-client';
import type { ShopServices } from '../shop/services';
import { ORDER_METADATA_KIND } from './checkout-session';
import { finishCancelledOrder, type RefundEntry } from './finish-cancel';
import { lockedOrder } from './order-lock';
import { hasCancelEntry, orderEntryActor, refundFailures } from './queries';
import { refundKey } from './refund-failed';

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
  let order = await db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
  // Clicked again (a second tab, another admin, a list not refreshed yet): done is done, not an error.
  const done = order && (await finishedCancel(db, order));
  if (done) return done;
  // `!stripe` only tells the compiler what isCancellable checked already.
  if (!order || !stripe || !isCancellable(order, stripe)) {
    throw new AppError('ORDER_NOT_CANCELLABLE', order ? `status ${order.status}, not paid online, or payments off` : 'unknown');
  }
  const audit = { orderNumber, adminId: actor.id, from: order.status };

  // Who moves the order to `cancelled`: this cancel (with its entry, markCancelled), or, found so, another
  // admin's cancel at the same moment, whose refund this one then shares (the same idempotency key).
  let marked = false;
  for (let moves = 0; ; moves++) {
    if ((order.status === 'confirmed' || order.status === 'submitted') && order.printful_order_id) {
      try {
        await shop.provider.cancelOrder(order.printful_order_id);
      } catch (error) {
        if (!(error instanceof PrintfulError && error.kind === 'rejected')) {
          logger.error('order not cancelled: Printful did not answer', { ...audit, error: String(error) });
          throw new AppError('SHOP_UNAVAILABLE', 'printful unavailable');
        }
        // Also Printful's answer to a second cancel of an order another admin's cancel has just cancelled
        // there: that one marks it cancelled moments later.
        const meanwhile = await cancelledMeanwhile(db, order.id, PRINTFUL_REFUSAL_RECHECKS);
        if (!meanwhile) {
          logger.warn('order not cancelled: Printful refused (in production or shipped)', { ...audit, error: error.message });
          throw new AppError('ORDER_NOT_CANCELLABLE', 'printful refused the cancel');
        }
        order = meanwhile;
      }
    }
    if (order.status === 'cancelled' || order.status === 'refunded') break;
    // Cancelled at Printful just now, or not there yet (pending_provider, provider_failed): the latter also
    // while the order worker waits to try again, or is handing it over this very moment: an order it then
    // finds cancelled has its new Printful order cancelled there at once (submission.ts).
    marked = await markCancelled(db, order, actor, clock.now());
    if (marked) break;
    // Moved meanwhile. By another cancel (or Stripe's event for a refund made in the dashboard): its outcome
    // is what this one goes on with. By the order worker, which placed it at Printful a moment ago: this
    // cancel goes on with the order as it is now, and cancels it there first, as if it had found it so.
    const current = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirst();
    const movedOn =
      current !== undefined && current.status !== order.status && moves < MAX_MOVES_MEANWHILE && isCancellable(current, stripe);
    if (!current || !(current.status === 'cancelled' || current.status === 'refunded' || movedOn)) {
      throw new AppError('ORDER_NOT_CANCELLABLE', 'the order was changed meanwhile');
    }
    order = current;
  }
  if (!marked) {
    // `cancelled`: straight to the refund. One kept off since its money came after a withdrawal or cancel
    // (payment-webhook.ts keepPaidOrderOff) has no admin's cancel yet: this is it, in the trail before the
    // refund, so that the refund's event knows an admin is at work.
    const current = await recordCancelOnce(db, order.id, actor, clock.now());
    const finished = current && (await finishedCancel(db, current));
    if (finished) return finished;
    if (current?.status !== 'cancelled') throw new AppError('ORDER_NOT_CANCELLABLE', 'the order was changed meanwhile');
    order = current;
  }
  if (!isCancellable(order, stripe)) throw new AppError('ORDER_NOT_CANCELLABLE', 'the order was changed meanwhile');

  // Refunded in Stripe's dashboard before (charge.refunded recorded refunded_at): the money is back
  // already, and Stripe would refuse a second refund (charge_already_refunded). Printful's cancel and
  // the buyer's mail are what is left to do. So also when Stripe answers so now: refunded in the
  // dashboard while this cancel was under way (its event may be on its way, or came and left the entry
  // to this cancel).
  let refund: Stripe.Refund | null = null;
  let refundedBefore = order.refunded_at !== null;
  if (!refundedBefore) {
    try {
      // Stripe's event for this refund finishes the cancel should this one stop before its end (the
      // process dies, the transaction below fails): the metadata says whose refund it is (payment-webhook.ts).
      refund = await stripe.refunds.create(
        {
          payment_intent: order.stripe_payment_intent_id,
          reason: 'requested_by_customer',
          metadata: { kind: ORDER_METADATA_KIND, order_id: order.id },
        },
        // One key per refund: a retried cancel never refunds twice, one after a failed refund refunds anew.
        { idempotencyKey: refundKey(order.id, await refundFailures(db, order.order_number)) },
      );
    } catch (error) {
      // Another admin's cancel holds the refund's key at this moment (Stripe answers 409 while its request
      // runs, and the SDK's retries ran out): theirs finishes the order; this click answers as it ends.
      const finishedByOther = isKeyInUse(error) ? await finishedMeanwhile(db, order.id) : null;
      if (finishedByOther) return finishedByOther;
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
  const orderId = order.id;
  // Exactly one `order.refunded` entry per order, under the order's lock (finish-cancel.ts). Whose it is:
  // the admin's when Stripe made the refund at this cancel's request (`refund`, also Stripe's replay of
  // it to a retried cancel); the system's when the money went back another way, in Stripe's dashboard
  // (recorded before this cancel, or answered charge_already_refunded now), as the event records such a
  // refund. The dashboard refund's event (charge.refunded) defers to a cancel under way, since it cannot
  // tell whose refund it reports; the event of this cancel's own refund (refund.created, by its metadata)
  // finishes the order as the admin's when it comes first, and then this finds nothing left to do.
  const entry: RefundEntry = refund
    ? { by: actor, detail: { refundId: refund.id, amountCents: refund.amount } }
    : { by: SYSTEM_ACTOR, detail: { amountCents: order.total_cents, refundedInStripe: true } };
  await db.transaction().execute(async (trx) => {
    const current = await lockedOrder(trx, 'id', orderId);
    if (current?.status === 'cancelled') await finishCancelledOrder(trx, deps.config, current, entry, now);
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
 * How often a cancel goes on with an order moved under it by something else than a cancel (the worker
 * placing it at Printful: pending_provider → confirmed, the one move forward it can make) before it answers
 * "changed meanwhile". A second move would take another actor; twice is room enough.
 */
const MAX_MOVES_MEANWHILE = 2;

/**
 * How often a cancel refused by Printful looks again, PRINTFUL_REFUSAL_PAUSE_MS apart, whether another
 * admin's cancel has just cancelled the order (two clicks at once: Printful cancels for the first and
 * refuses the second, whose answer may come a moment before the first has marked the order). A refusal
 * for an order in production waits this long (under a second) before it is reported.
 */
const PRINTFUL_REFUSAL_RECHECKS = 4;
const PRINTFUL_REFUSAL_PAUSE_MS = 150;

/**
 * The order as another admin's cancel left it (`cancelled`, or `refunded` by it), when this cancel found
 * it moved; null when something else moved it (the order worker placed it, a webhook). `rechecks`: how
 * often to look again first.
 */
async function cancelledMeanwhile(db: Db, orderId: string, rechecks = 0): Promise<OrderRow | null> {
  for (let attempt = 0; ; attempt++) {
    const current = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (current?.status === 'cancelled' || current?.status === 'refunded') return current;
    if (attempt >= rechecks) return null;
    await realSleep(PRINTFUL_REFUSAL_PAUSE_MS);
  }
}

/** How often, KEY_IN_USE_PAUSE_MS apart, a cancel whose refund key is in use looks for the other cancel's end. */
const KEY_IN_USE_RECHECKS = 20;
const KEY_IN_USE_PAUSE_MS = 250;

/** The other cancel's answer once it has finished the order; null when it has not within the rechecks. */
async function finishedMeanwhile(db: Db, orderId: string): Promise<CancelledOrder | null> {
  for (let attempt = 0; attempt < KEY_IN_USE_RECHECKS; attempt++) {
    await realSleep(KEY_IN_USE_PAUSE_MS);
    const current = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    const finished = current && (await finishedCancel(db, current));
    if (finished) return finished;
  }
  return null;
}

/**
 * The answer for an order that is `refunded`: what a second click gets, without a second refund, entry or
 * mail. Whoever made it so mailed the buyer: an admin's cancel (finish-cancel.ts), or Stripe's event for a
 * refund made in its dashboard before the order reached Printful (payment-webhook.ts onChargeRefunded).
 * Both write the refund's entry with the move (a `refunded` order without one is no state this code makes).
 * `refundedBefore` as the first click's: the money went back in Stripe's dashboard when the refund's entry
 * is the system's. Null for any other order.
 */
async function finishedCancel(db: Db, order: OrderRow): Promise<CancelledOrder | null> {
  if (order.status !== 'refunded') return null;
  const refundedBy = await orderEntryActor(db, order.order_number, 'order.refunded');
  if (!refundedBy) return null;
  return { status: 'refunded', refundedBefore: refundedBy.email === SYSTEM_ACTOR.email && refundedBy.id === null };
}

/**
 * The admin's cancel of an order `cancelled` already, in the trail once: checked and written under the
 * order's row lock, so that two clicks at once (two tabs, two admins, a double click) write one entry.
 * Answers the order as locked.
 */
function recordCancelOnce(db: Db, orderId: string, actor: AuditActor, now: Date): Promise<OrderRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await lockedOrder(trx, 'id', orderId);
    if (current?.status === 'cancelled' && !(await hasCancelEntry(trx, current.order_number))) {
      await recordCancelEntry(trx, actor, current, now);
    }
    return current;
  });
}

/**
 * Stripe's answer to a refund of a charge refunded in full already (in the dashboard, meanwhile). Not a
 * replay of this cancel's own refund: that one Stripe answers with the refund, by its idempotency key.
 */
function isAlreadyRefunded(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'charge_already_refunded';
}

/** Stripe's 409 to a request whose idempotency key another request is using at this moment. */
function isKeyInUse(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'idempotency_key_in_use';
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
    await recordCancelEntry(trx, actor, order, now);
    return true;
  });
}

/** The admin's `order.cancelled` entry, with the status the order was cancelled from. */
function recordCancelEntry(trx: Db, actor: AuditActor, order: OrderRow, now: Date): Promise<void> {
  return recordAudit(
    trx,
    actor,
    { action: 'order.cancelled', objectType: 'order', objectId: order.order_number, detail: { from: order.status } },
    now,
  );
}
