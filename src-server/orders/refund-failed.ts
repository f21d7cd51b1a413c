/**
 * A refund of an order's payment that Stripe made and later reported failed (refund.failed: a closed
 * card, a SEPA return the bank rejected, days after the refund said "succeeded"; stripe-api.md §5). The
 * money is not back, though the buyer was told it would be. So the order is no longer refunded: paid
 * again, `cancelled` if the refund had finished a cancel (its "Stornieren und erstatten" button is back in
 * /orders-admin, with the failure beside it), the failure in the audit trail as the system's, and the team
 * told by mail with what to do. Called by payment-webhook.ts inside the event's transaction, under the
 * order's row lock: a cancel finishing at the same moment waits, or is waited for.
 *
 * The next refund is a new one: its idempotency key counts the failures (refundKey), or Stripe would
 * answer the retried cancel with the failed refund for a day; and its `order.refunded` entry is written
 * again, once (queries.ts hasRefundEntry counts refunds against failures).
 */
import type Stripe from 'stripe';
import { t } from '@lingui/core/macro';
import { formatCents } from '@shared/money';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record';
import { i18nFor } from '../lib/i18n';
import type { MailMessage } from '../mail/templates';
import { idOf } from '../payments/stripe-id';
import { ORDER_METADATA_KIND } from './checkout-session';
import { lockedOrder } from './order-lock';
import type { OrderEventContext } from './payment-webhook';
import { enqueueTeamMail, TEAM_LOCALE, type TeamMail, type TeamOrder, teamMail, teamMailOf } from './team-mails';

export async function onOrderRefundFailed(
  context: OrderEventContext,
  refund: Stripe.Refund,
  at: Date,
): Promise<'handled' | 'unknown' | 'ignored'> {
  const { trx, now, logger, config } = context;
  const paymentIntentId = idOf(refund.payment_intent);
  const order = paymentIntentId ? await lockedOrder(trx, 'stripe_payment_intent_id', paymentIntentId) : undefined;
  // Not an order's payment: a donation's (donations/webhook.ts), unless the refund says it was an order's.
  if (!order) return refund.metadata?.kind === ORDER_METADATA_KIND ? 'unknown' : 'ignored';
  const audit = { orderNumber: order.order_number, refundId: refund.id, reason: refund.failure_reason ?? null };
  if (!order.refunded_at) {
    // A refund in part (only logged, payment-webhook.ts), or a failure of a refund whose success never
    // reached us: the order's money was never counted as back, so nothing here is taken back.
    logger.warn('a refund failed for an order not recorded as refunded', { ...audit, amountCents: refund.amount });
    return 'handled';
  }
  const wasCancelled = order.status === 'refunded' || order.status === 'cancelled';
  // Refunded is cancelled and paid again; any other status (at Printful, say) stays as it is.
  const status = order.status === 'refunded' ? 'cancelled' : order.status;
  await trx
    .updateTable('orders')
    .set({
      status,
      refunded_at: null,
      refund_failed_at: at.toISOString(),
      updated_at: now.toISOString(),
    })
    .where('id', '=', order.id)
    .execute();
  await recordAudit(
    trx,
    SYSTEM_ACTOR,
    {
      action: 'order.refund_failed',
      objectType: 'order',
      objectId: order.order_number,
      detail: { refundId: refund.id, amountCents: refund.amount, reason: refund.failure_reason ?? null },
    },
    now,
  );
  const team = teamMailOf(config);
  await enqueueTeamMail(trx, team, refundFailedTeamMail({ ...order, status }, refund, wasCancelled, team), now);
  logger.warn('order refund failed at Stripe: the order counts as paid again, the team is told', audit);
  return 'handled';
}

/**
 * The idempotency key of an order's refund: the first one's as before, each after a failed one anew
 * (`failures`: the order's `order.refund_failed` entries), so Stripe makes a new refund instead of
 * answering with the failed one.
 */
export function refundKey(orderId: string, failures: number): string {
  return failures === 0 ? `order-refund-${orderId}` : `order-refund-${orderId}-retry-${failures}`;
}

/** "Erstattung fehlgeschlagen": what failed and why, and what the team can do now. */
function refundFailedTeamMail(order: TeamOrder, refund: Stripe.Refund, wasCancelled: boolean, team: TeamMail): MailMessage {
  const i18n = i18nFor(TEAM_LOCALE);
  const orderNumber = order.order_number;
  const amount = formatCents(refund.amount);
  const reason = refund.failure_reason ?? 'unknown';
  return teamMail(t(i18n)`Bestellung ${orderNumber}: Erstattung fehlgeschlagen`, order, team, [
    t(
      i18n,
    )`Stripe meldet, dass die Erstattung von ${amount} für diese Bestellung fehlgeschlagen ist (Grund laut Stripe: ${reason}). Das Geld ist nicht zurückgegangen, obwohl die Käuferin oder der Käufer bereits erfahren hat, dass es zurückkommt.`,
    wasCancelled
      ? t(
          i18n,
        )`Die Bestellung gilt wieder als bezahlt und storniert. Bitte in der Bestellübersicht erneut „Stornieren und erstatten“ wählen oder, etwa bei einer gekündigten Karte, mit der Käuferin oder dem Käufer eine Überweisung vereinbaren.`
      : t(
          i18n,
        )`Die Bestellung gilt wieder als bezahlt; die Erstattung war in Stripe veranlasst worden. Bitte dort erneut erstatten oder mit der Käuferin oder dem Käufer eine Überweisung vereinbaren.`,
  ]);
}
