/**
 * A refund of a donation's payment that Stripe made and later reported failed (refund.failed: a closed
 * card, a SEPA return the bank rejected; stripe-api.md §5). Donations are refunded in Stripe's dashboard
 * and reach us as charge.refunded (webhook.ts), which counted the money as gone back: it is not. So what
 * that refund took off is put back — the payment `paid` again with less (or nothing) refunded, a gift
 * refunded whole `paid` again — so the admin list, the totals and the treasurer's CSV count the money
 * that stayed; the failure goes into the audit trail as the system's, and the team is mailed to refund
 * again or settle it with the donor. Inside the event's transaction (payments/handle-event.ts): an event
 * delivered twice arrives here once, and Stripe sends one refund.failed per refund.
 *
 * Left as it is: a charge.refunded that Stripe made before the failure and delivers after it (a retry
 * of a delivery that failed meanwhile) counts the failed refund again, since its figure is higher.
 */
import type Stripe from 'stripe';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record';
import { enqueueTeamMail, teamMailOf } from '../orders/team-mails';
import { idOf } from '../payments/stripe-id';
import { refundFailedTeamMail } from './team-mails';
import type { DonationEventContext } from './webhook';

export async function onDonationRefundFailed(context: DonationEventContext, refund: Stripe.Refund): Promise<'handled' | 'unknown'> {
  const { trx, now, logger } = context;
  const paymentIntentId = idOf(refund.payment_intent);
  const chargeId = idOf(refund.charge);
  let payment = paymentIntentId
    ? await trx.selectFrom('donation_payments').selectAll().where('stripe_payment_intent_id', '=', paymentIntentId).executeTakeFirst()
    : undefined;
  if (!payment && chargeId) {
    payment = await trx.selectFrom('donation_payments').selectAll().where('stripe_charge_id', '=', chargeId).executeTakeFirst();
  }
  if (!payment) return 'unknown';
  const audit = { paymentId: payment.id, refundId: refund.id, reason: refund.failure_reason ?? null };
  const refundedBefore = payment.status === 'refunded' ? Math.max(payment.refunded_cents, payment.amount_cents) : payment.refunded_cents;
  if (payment.status === 'failed' || refundedBefore === 0) {
    // Its success never reached us (or the payment never came): nothing was counted as gone back.
    logger.warn('a refund failed for a donation payment not recorded as refunded', { ...audit, amountCents: refund.amount });
    return 'handled';
  }
  const refundedCents = Math.max(0, refundedBefore - refund.amount);
  const updated = await trx
    .updateTable('donation_payments')
    .set({ status: 'paid', refunded_cents: refundedCents })
    .where('id', '=', payment.id)
    .where('status', '=', payment.status)
    .where('refunded_cents', '=', payment.refunded_cents)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new Error('donation payment changed while its failed refund was recorded');
  const donation = await trx.selectFrom('donations').selectAll().where('id', '=', payment.donation_id).executeTakeFirstOrThrow();
  // A gift refunded whole is given again. Outside the status machine (webhook.ts NEXT, where `refunded` is
  // final): not an event moving the gift on, but the correction of one that turned out not to hold.
  if (donation.mode === 'one_time' && donation.status === 'refunded') {
    await trx
      .updateTable('donations')
      .set({ status: 'paid', updated_at: now.toISOString() })
      .where('id', '=', donation.id)
      .where('status', '=', 'refunded')
      .execute();
  }
  await recordAudit(
    trx,
    SYSTEM_ACTOR,
    {
      action: 'donation.refund_failed',
      objectType: 'donation',
      objectId: donation.id,
      detail: {
        refundId: refund.id,
        amountCents: refund.amount,
        reason: refund.failure_reason ?? null,
        paymentCents: payment.amount_cents,
      },
    },
    now,
  );
  const team = teamMailOf(context.config);
  const mail = refundFailedTeamMail(
    {
      mode: donation.mode,
      refundCents: refund.amount,
      paymentCents: payment.amount_cents,
      paidAt: payment.paid_at,
      donorEmail: donation.donor_email,
      reason: refund.failure_reason ?? 'unknown',
    },
    team,
  );
  await enqueueTeamMail(trx, team, mail, now);
  logger.warn('donation refund failed at Stripe: the money counts as received again, the team is told', { ...audit, refundedCents });
  return 'handled';
}
