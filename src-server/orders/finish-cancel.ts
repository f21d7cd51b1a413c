/**
 * The last step of an admin's cancel (cancel-order.ts): the order, `cancelled` and its money on the way
 * back, becomes `refunded`, the refund goes into the audit trail once and the buyer gets the mail. Taken
 * by whichever comes first of the cancel itself and Stripe's event for the refund the cancel asked for
 * (payment-webhook.ts onRefundCreated, for a cancel that stopped after Stripe made the refund), each in a
 * transaction that holds the order's row lock (order-lock.ts): the one that comes second finds the order
 * `refunded` and does nothing, so the buyer is mailed once. Also the whole cancel of an order refunded in
 * Stripe's dashboard before it reached Printful (payment-webhook.ts onChargeRefunded): the worker no
 * longer takes it, and the buyer hears of it as of an admin's cancel.
 */
import { type AuditActor, type AuditEvent, recordAudit } from '../audit/record';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { OrderRow } from '../db/schema';
import { mailFooterOf } from '../mail/footer';
import { enqueueMail } from '../mail/outbox';
import { orderCancelledMail } from './mails';
import { greetsBuyerByName, hasRefundEntry } from './queries';

/** Whose refund it is in the trail, and what the entry says of it. */
export type RefundEntry = { by: AuditActor; detail: AuditEvent['detail'] };

/**
 * `order`: read with its row lock in `trx`, not at Printful: `cancelled`, or still waiting for Printful
 * (`pending_provider`, `provider_failed`) when refunded in Stripe's dashboard.
 */
export async function finishCancelledOrder(trx: Db, config: Config, order: OrderRow, refund: RefundEntry, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  await trx
    .updateTable('orders')
    .set({
      status: 'refunded',
      refunded_at: order.refunded_at ?? nowIso,
      refund_failed_at: null,
      cancelled_at: order.cancelled_at ?? nowIso,
      next_attempt_at: null,
      updated_at: nowIso,
    })
    .where('id', '=', order.id)
    .execute();
  // A refund made in Stripe's dashboard may be in the trail already (the system's, charge.refunded).
  if (!(await hasRefundEntry(trx, order.order_number))) {
    await recordAudit(
      trx,
      refund.by,
      { action: 'order.refunded', objectType: 'order', objectId: order.order_number, detail: refund.detail },
      now,
    );
  }
  const mail = orderCancelledMail(
    order.locale,
    {
      orderNumber: order.order_number,
      firstName: order.first_name,
      totalCents: order.total_cents,
      refunded: true,
      // The typed name only to the account's own address (ADR 054), as every buyer's mail.
      greetByName: await greetsBuyerByName(trx, order),
    },
    mailFooterOf(config),
  );
  await enqueueMail(trx, 'order_cancelled', order.email, mail, now);
}
