import type Stripe from 'stripe';
import { needsFormalReceipt } from '@shared/constants';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { DonationPaymentRow, DonationPaymentStatus, DonationRow, DonationStatus } from '../db/schema';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';
import { mailFooterOf } from '../mail/footer';
import { enqueueMail } from '../mail/outbox';
import { enqueueTeamMail, teamMailOf } from '../orders/team-mails';
import { DEBIT_FAILED } from '../payments/debit-failed';
import { describeStripeError } from '../payments/stripe-errors';
import type { StripeReads } from '../payments/stripe-reads';
import { manageUrlOf } from './manage-link';
import { donationFailedMail, donationThanksMail } from './mails';
import { receiptAddressOf, receiptColumnsFrom } from './receipt-address';
import { onDonationRefundFailed } from './refund-failed';
import { DONATION_METADATA_KIND } from './start';
import { receiptDueTeamMail } from './team-mails';
import { idOf } from '../payments/stripe-id';

/**
 * What the webhook endpoint hands to the donation handlers: the event's transaction and the process's
 * services. What they need to ask Stripe comes through `reads`, asked outside the transaction
 * (payments/stripe-reads.ts): never call `stripe` while the transaction is open.
 */
export type DonationEventContext = { trx: Db; now: Date; logger: Logger; config: Config; stripe: Stripe; reads: StripeReads };

type Outcome = 'handled' | 'ignored' | 'unknown';

/**
 * Applies one verified Stripe event to the donations (ADR 031). Called by payments/handle-event.ts inside
 * the transaction that records the event id, so a redelivered event never arrives here twice. Two
 * distinct events about the same change (completed and async_payment_succeeded, or an invoice's
 * events in any order) are made harmless here: a payment is recorded once per payment intent or
 * invoice (unique keys), a status only moves forward (NEXT), and a mail goes only with a new payment.
 * 'handled': it was about a donation; 'ignored': not a donation event; 'unknown': no donation matches.
 */
export async function handleDonationEvent(context: DonationEventContext, event: Stripe.Event): Promise<Outcome> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
      return recordCompletedSession(context, event.data.object, at);
    case 'checkout.session.async_payment_succeeded':
      // The event says the debit succeeded; its session says paid as well (Stripe sends it so).
      return recordCompletedSession(context, { ...event.data.object, payment_status: 'paid' }, at);
    case 'checkout.session.async_payment_failed':
      return onSessionFailed(context, event.data.object);
    case 'checkout.session.expired':
      return onSessionExpired(context, event.data.object);
    case 'invoice.paid':
      return onInvoicePaid(context, event.data.object, at);
    case 'invoice.payment_failed':
      return onInvoiceFailed(context, event.data.object, at);
    case 'customer.subscription.deleted':
      return onSubscriptionDeleted(context, event.data.object);
    case 'charge.refunded':
      return onChargeRefunded(context, event.data.object);
    case 'refund.failed':
      return onDonationRefundFailed(context, event.data.object);
    default:
      return 'ignored';
  }
}

/** What Stripe answered when asked about a donation's Checkout session (donations/ask-checkout.ts). */
export type AskedCheckout = {
  session: Stripe.Checkout.Session;
  /** A pledge's first invoice (the session's `invoice`), with its payments: the money of a monthly donation. */
  invoice?: Stripe.Invoice | null;
  /**
   * The payment's PaymentIntent, when the repair asked it: whether a SEPA debit failed (the session stays
   * "complete, unpaid"), and when a gift was paid (Checkout creates it when the donor confirms).
   */
  intent?: Stripe.PaymentIntent | null;
};

/**
 * Records a Checkout session as Stripe states it when asked, for a donation whose events have not
 * come: by the thank-you page (status.ts) and by the repair (reconcile.ts). Stripe's fulfilment guide:
 * the webhook and the landing page fulfil through one idempotent function, and so the same handlers
 * run as for the events that would have said it: complete as checkout.session.completed (a pledge's paid
 * first invoice as its invoice.paid), a failed debit as async_payment_failed (and a pledge's
 * invoice.payment_failed), expired as checkout.session.expired. The donation's row lock, its status and
 * the payment's unique keys make each happen once, whoever comes first; what comes later changes
 * nothing. A session still open changes nothing (null).
 */
export async function applyDonationCheckout(
  context: DonationEventContext,
  asked: AskedCheckout,
  at: Date,
  lastSeenUnpaid: Date | null = null,
): Promise<Outcome | null> {
  const { session, invoice, intent } = asked;
  if (session.metadata?.kind !== DONATION_METADATA_KIND) return null;
  if (session.status === 'expired') return onSessionExpired(context, session);
  if (session.status !== 'complete') return null;
  if (session.payment_status === 'unpaid' && intent && DEBIT_FAILED.has(intent.status)) {
    if (invoice) await onInvoiceFailed(context, invoice, at);
    return onSessionFailed(context, session);
  }
  const paidAt = intent ? giftPaidAt(intent, lastSeenUnpaid) : at;
  // null, not undefined, when the caller did not ask for it (the thank-you page): no further question then.
  const outcome = await recordCompletedSession(context, session, paidAt, intent ?? null);
  if (outcome === 'handled' && invoice?.status === 'paid') await onInvoicePaid(context, invoice, at);
  return outcome;
}

/**
 * When a gift's money came, for the repair, which asks a day or more later (reconcile.ts): the receipt's
 * date and the treasurer's month are the day of the gift, not the day the repair found it. Stripe stamps no
 * time on a payment's success: a card is paid when its PaymentIntent is confirmed, moments after it was
 * made, but a SEPA debit's PaymentIntent and charge are made at the donor's confirmation, and the money
 * comes days later (only the event, lost here, says when). So the PaymentIntent's creation, but not before
 * `lastSeenUnpaid`, the moment the donation was last known to wait for its money (the repair's question
 * before, answered "under way", an hour ago; or the event that said so): the debit succeeded after it.
 */
function giftPaidAt(intent: Stripe.PaymentIntent, lastSeenUnpaid: Date | null): Date {
  const created = intent.created * 1000;
  return new Date(lastSeenUnpaid && lastSeenUnpaid.getTime() > created ? lastSeenUnpaid.getTime() : created);
}

// ---------------------------------------------------------------------------------------------
// The status machine (ADR 031): where each status may go. Anything else is an old or repeated event.
// Money that arrives after a failure is never ignored (a retried SEPA debit or invoice), hence failed → paid/active.

const NEXT: Record<DonationStatus, readonly DonationStatus[]> = {
  open: ['pending', 'paid', 'active', 'failed', 'expired', 'cancelled'],
  pending: ['paid', 'active', 'failed', 'cancelled'],
  failed: ['paid', 'active', 'cancelled'],
  paid: ['refunded'],
  active: ['cancelled'],
  expired: [],
  refunded: [],
  cancelled: [],
};

/** Moves the donation on if the machine allows it (and nobody moved it meanwhile); true when it moved. */
async function moveTo(
  context: DonationEventContext,
  donation: DonationRow,
  status: DonationStatus,
  extra: { confirmed_at?: string } = {},
): Promise<boolean> {
  if (!NEXT[donation.status].includes(status)) return false;
  const result = await context.trx
    .updateTable('donations')
    .set({
      status,
      updated_at: context.now.toISOString(),
      // Waiting for a SEPA debit, as of now: what the repair dates the money by should its events be lost (reconcile.ts).
      ...(status === 'pending' ? { seen_unpaid_at: context.now.toISOString() } : {}),
      ...(extra.confirmed_at && !donation.confirmed_at ? { confirmed_at: extra.confirmed_at } : {}),
    })
    .where('id', '=', donation.id)
    .where('status', '=', donation.status)
    .executeTakeFirst();
  const moved = Number(result.numUpdatedRows) > 0;
  if (moved) context.logger.info('donation status changed', { donationId: donation.id, from: donation.status, to: status });
  return moved;
}

/** Stores the Stripe ids a later event needs (the portal's customer, the subscription, the payment intent); never overwrites. */
async function rememberIds(
  context: DonationEventContext,
  donation: DonationRow,
  ids: { session?: string; customer?: string | null; subscription?: string | null; paymentIntent?: string | null },
): Promise<DonationRow> {
  const set: Partial<Record<'stripe_session_id' | 'stripe_customer_id' | 'stripe_subscription_id' | 'stripe_payment_intent_id', string>> =
    {};
  if (ids.session && !donation.stripe_session_id) set.stripe_session_id = ids.session;
  if (ids.customer && !donation.stripe_customer_id) set.stripe_customer_id = ids.customer;
  if (ids.subscription && !donation.stripe_subscription_id) set.stripe_subscription_id = ids.subscription;
  if (ids.paymentIntent && !donation.stripe_payment_intent_id) set.stripe_payment_intent_id = ids.paymentIntent;
  if (Object.keys(set).length === 0) return donation;
  await context.trx
    .updateTable('donations')
    .set({ ...set, updated_at: context.now.toISOString() })
    .where('id', '=', donation.id)
    .execute();
  return { ...donation, ...set };
}

/**
 * Above the simplified-receipt limit, once the money is in: the name and postal address the donor gave on
 * Stripe's payment page (Checkout required them, start.ts), stored for the formal receipt. Below the
 * limit nothing is kept of what Stripe collected. Never overwrites what is stored.
 */
async function rememberReceiptAddress(
  context: DonationEventContext,
  donation: DonationRow,
  session: Stripe.Checkout.Session,
): Promise<DonationRow> {
  if (!needsFormalReceipt(donation.amount_cents) || receiptAddressOf(donation)) return donation;
  const columns = receiptColumnsFrom(session.customer_details);
  if (!columns) return donation;
  await context.trx
    .updateTable('donations')
    .set({ ...columns, updated_at: context.now.toISOString() })
    .where('id', '=', donation.id)
    .execute();
  return { ...donation, ...columns };
}

/**
 * A pledge's payment arrives as an invoice, which carries no billing address: the one from its Checkout
 * session, stored when the session's event came; when invoice.paid overtook that event, read from Stripe.
 */
async function receiptAddressForInvoice(context: DonationEventContext, donation: DonationRow): Promise<DonationRow> {
  const sessionId = donation.stripe_session_id;
  if (!needsFormalReceipt(donation.amount_cents) || receiptAddressOf(donation) || !sessionId) return donation;
  const session = context.reads.answer(`checkout.session:${sessionId}`, () =>
    context.stripe.checkout.sessions.retrieve(sessionId).catch((error: unknown) => {
      context.logger.warn('could not read a donation checkout session from stripe', {
        donationId: donation.id,
        error: describeStripeError(error),
      });
      // Thrown on: the endpoint answers 500 and Stripe delivers the event again later.
      throw error;
    }),
  );
  return rememberReceiptAddress(context, donation, session);
}

// ---------------------------------------------------------------------------------------------
// Finding the donation an object belongs to.

function donationIdFrom(metadata: Stripe.Metadata | null | undefined): string | null {
  return metadata?.kind === DONATION_METADATA_KIND && metadata.donation_id ? metadata.donation_id : null;
}

/**
 * A donation read inside the event's transaction with its row locked until that transaction ends (SELECT …
 * FOR UPDATE on PostgreSQL; SQLite's write transactions run one at a time anyway, db/sqlite-dialect.ts),
 * as orders/order-lock.ts reads an order. The webhook, the thank-you page and the repair
 * (applyDonationCheckout) may record the same session at the same moment: they take turns on the
 * donation, and the later one decides from what the earlier committed (its status, its payment).
 */
function lockedDonation(
  trx: Db,
  by: 'id' | 'stripe_session_id' | 'stripe_subscription_id',
  value: string,
): Promise<DonationRow | undefined> {
  return trx.selectFrom('donations').selectAll().where(by, '=', value).forUpdate().executeTakeFirst();
}

/** The donation of a Checkout session: by its id, else by the id in its metadata (the start may not have stored the session). */
async function donationOfSession(context: DonationEventContext, session: Stripe.Checkout.Session): Promise<DonationRow | null> {
  const bySession = await lockedDonation(context.trx, 'stripe_session_id', session.id);
  if (bySession) return bySession;
  const donationId = donationIdFrom(session.metadata);
  if (!donationId) return null;
  const byId = await lockedDonation(context.trx, 'id', donationId);
  return byId ? rememberIds(context, byId, { session: session.id }) : null;
}

/**
 * The donation of a subscription: by its id, else by the donation id in the subscription's metadata
 * (an invoice.paid that overtook checkout.session.completed), read from the event or, failing that, from Stripe.
 */
async function donationOfSubscription(
  context: DonationEventContext,
  subscriptionId: string,
  metadata: Stripe.Metadata | null | undefined,
): Promise<DonationRow | null> {
  const bySubscription = await lockedDonation(context.trx, 'stripe_subscription_id', subscriptionId);
  if (bySubscription) return bySubscription;
  let donationId = donationIdFrom(metadata);
  if (!donationId) {
    const subscription = context.reads.answer(`subscription:${subscriptionId}`, () =>
      context.stripe.subscriptions.retrieve(subscriptionId).catch((error: unknown) => {
        context.logger.warn('could not read a subscription from stripe', { subscriptionId, error: String(error) });
        // Thrown on: the endpoint answers 500 and Stripe delivers the event again later.
        throw error;
      }),
    );
    donationId = donationIdFrom(subscription.metadata);
  }
  if (!donationId) return null;
  const byId = await lockedDonation(context.trx, 'id', donationId);
  return byId ? rememberIds(context, byId, { subscription: subscriptionId }) : null;
}

// ---------------------------------------------------------------------------------------------
// Payments and the thank-you mail.

type NewPayment = {
  amountCents: number;
  currency: string;
  status: DonationPaymentStatus;
  invoiceId?: string | null;
  paymentIntentId?: string | null;
  chargeId?: string | null;
  paidAt: Date;
};

/**
 * Records a payment once. The unique invoice and payment-intent keys make a second event about the same
 * payment insert nothing; an invoice whose earlier attempt was recorded as failed becomes paid. True when
 * the money is new (then, and only then, the thank-you mail goes).
 */
async function recordPayment(context: DonationEventContext, donation: DonationRow, payment: NewPayment): Promise<boolean> {
  const { trx } = context;
  const key = payment.invoiceId
    ? ({ column: 'stripe_invoice_id', value: payment.invoiceId } as const)
    : payment.paymentIntentId
      ? ({ column: 'stripe_payment_intent_id', value: payment.paymentIntentId } as const)
      : null;
  if (key) {
    const existing = await trx.selectFrom('donation_payments').selectAll().where(key.column, '=', key.value).executeTakeFirst();
    if (existing) {
      if (payment.status !== 'paid' || existing.status !== 'failed') return false;
      const retried = await trx
        .updateTable('donation_payments')
        .set({
          status: 'paid',
          amount_cents: payment.amountCents,
          paid_at: payment.paidAt.toISOString(),
          stripe_payment_intent_id: existing.stripe_payment_intent_id ?? payment.paymentIntentId ?? null,
          stripe_charge_id: existing.stripe_charge_id ?? payment.chargeId ?? null,
        })
        .where('id', '=', existing.id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(retried.numUpdatedRows) > 0;
    }
  }
  const inserted = await trx
    .insertInto('donation_payments')
    .values({
      id: newId(),
      donation_id: donation.id,
      amount_cents: payment.amountCents,
      currency: payment.currency,
      status: payment.status,
      stripe_invoice_id: payment.invoiceId ?? null,
      stripe_payment_intent_id: payment.paymentIntentId ?? null,
      stripe_charge_id: payment.chargeId ?? null,
      paid_at: payment.paidAt.toISOString(),
      created_at: context.now.toISOString(),
    })
    // Two distinct events for the same payment at the same moment: the second inserts nothing.
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Queues the mails of one payment, with the same transaction as the payment: the thank-you in the donor's
 * language (a reply reaches the team's inbox, mail/kinds.ts: the mail may ask for the receipt's address),
 * and above the simplified-receipt limit the team's reminder to issue the formal receipt, which nothing
 * else would prompt.
 */
async function queuePaymentMails(context: DonationEventContext, donation: DonationRow, amountCents: number, paidAt: Date) {
  const { config } = context;
  const manageUrl =
    donation.mode === 'monthly' && config.stripe
      ? manageUrlOf(config.publicUrl, config.stripe.webhookSecret, donation.id, donation.locale, context.now)
      : null;
  const formal = needsFormalReceipt(amountCents);
  const receiptAddress = formal ? receiptAddressOf(donation) : null;
  const mail = donationThanksMail(
    donation.locale,
    { mode: donation.mode, donorName: donation.donor_name, amountCents, paidAt: paidAt.toISOString(), receiptAddress, manageUrl },
    mailFooterOf(config),
    config.donationReceipt,
  );
  await enqueueMail(context.trx, 'donation_thanks', donation.donor_email, mail, context.now);
  if (!formal) return;
  const team = teamMailOf(config);
  const due = {
    mode: donation.mode,
    amountCents,
    paidAt: paidAt.toISOString(),
    donorName: donation.donor_name,
    donorEmail: donation.donor_email,
    receiptAddress,
  };
  await enqueueTeamMail(context.trx, team, receiptDueTeamMail(due, team), context.now);
}

/** Tells the donor that their debit failed (a gift, or a pledge that never started), once: with the move to `failed`. */
async function queueFailedNotice(context: DonationEventContext, donation: DonationRow) {
  const mail = donationFailedMail(
    donation.locale,
    { mode: donation.mode, amountCents: donation.amount_cents },
    mailFooterOf(context.config),
  );
  await enqueueMail(context.trx, 'donation_failed', donation.donor_email, mail, context.now);
}

/**
 * The charge of a gift's PaymentIntent, for its payment row: the treasurer's CSV names it (Stripe's payout
 * reports list charges), and a refund's event names it. A Checkout session names only the PaymentIntent:
 * the repair has asked for it (applyDonationCheckout); the thank-you page has not, and does not ask again
 * while the donor waits (`intent` null: the README promises about 13 s at most); the webhook, which nobody
 * waits on, asks Stripe outside the transaction (`reads`), once, while the payment has no charge recorded,
 * also for one the thank-you page recorded a moment before. Not worth holding up the gift for: when Stripe
 * does not answer, the row has none until a refund's event brings it (onChargeRefunded).
 */
async function chargeOfNewGift(
  context: DonationEventContext,
  paymentIntentId: string | null,
  intent: Stripe.PaymentIntent | null | undefined,
): Promise<string | null> {
  if (!paymentIntentId) return null;
  if (intent?.id === paymentIntentId) return idOf(intent.latest_charge);
  if (intent === null) return null;
  const recorded = await context.trx
    .selectFrom('donation_payments')
    .select('stripe_charge_id')
    .where('stripe_payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
  if (recorded?.stripe_charge_id) return null;
  const asked = context.reads.answer(`payment_intent:${paymentIntentId}`, () =>
    context.stripe.paymentIntents.retrieve(paymentIntentId).catch((error: unknown) => {
      context.logger.warn('could not read a donation payment intent from stripe; its charge id is recorded with a refund', {
        paymentIntentId,
        error: describeStripeError(error),
      });
      return null;
    }),
  );
  return asked ? idOf(asked.latest_charge) : null;
}

/** A one-time gift's money is confirmed: one payment row, status paid, one thank-you. */
async function confirmOneTime(
  context: DonationEventContext,
  donation: DonationRow,
  session: Stripe.Checkout.Session,
  at: Date,
  intent: Stripe.PaymentIntent | null | undefined,
) {
  const paymentIntentId = idOf(session.payment_intent);
  const chargeId = await chargeOfNewGift(context, paymentIntentId, intent);
  const isNew = await recordPayment(context, donation, {
    amountCents: session.amount_total ?? donation.amount_cents,
    currency: session.currency ?? donation.currency,
    status: 'paid',
    paymentIntentId,
    chargeId,
    paidAt: at,
  });
  if (!isNew && chargeId && paymentIntentId) {
    // Recorded by the thank-you page a moment before, without its charge (chargeOfNewGift).
    await context.trx
      .updateTable('donation_payments')
      .set({ stripe_charge_id: chargeId })
      .where('stripe_payment_intent_id', '=', paymentIntentId)
      .where('stripe_charge_id', 'is', null)
      .execute();
  }
  await moveTo(context, donation, 'paid', { confirmed_at: at.toISOString() });
  if (isNew) await queuePaymentMails(context, donation, session.amount_total ?? donation.amount_cents, at);
}

// ---------------------------------------------------------------------------------------------
// The handlers, one per event type.

/**
 * A finished Checkout session (checkout.session.completed, async_payment_succeeded, or Stripe's answer
 * when asked: applyDonationCheckout): paid → a gift's money recorded with its mails; unpaid (SEPA) →
 * pending; a pledge's money comes with its invoice. The one function every path records a session through.
 * `intent`: the session's PaymentIntent when the caller has asked Stripe for it (the repair); null when the
 * caller asked about the session without it (the thank-you page); undefined for an event.
 */
async function recordCompletedSession(
  context: DonationEventContext,
  session: Stripe.Checkout.Session,
  at: Date,
  intent?: Stripe.PaymentIntent | null,
): Promise<Outcome> {
  if (session.metadata?.kind !== DONATION_METADATA_KIND) return 'ignored';
  const found = await donationOfSession(context, session);
  if (!found) return 'unknown';
  const withIds = await rememberIds(context, found, {
    customer: idOf(session.customer),
    subscription: idOf(session.subscription),
    paymentIntent: idOf(session.payment_intent),
  });
  const paid = session.payment_status !== 'unpaid';
  // The money is in (a card): the receipt's address is kept now; a SEPA debit's once it succeeds.
  const donation = paid ? await rememberReceiptAddress(context, withIds, session) : withIds;
  if (donation.mode === 'monthly') {
    // A pledge becomes active with its first paid invoice (invoice.paid), whatever the order of events;
    // SEPA's first debit is still on its way until then.
    if (!paid) await moveTo(context, donation, 'pending');
  } else if (paid) {
    await confirmOneTime(context, donation, session, at, intent);
  } else {
    // SEPA: the debit takes days; async_payment_succeeded or _failed follows.
    await moveTo(context, donation, 'pending');
  }
  return 'handled';
}

async function onSessionFailed(context: DonationEventContext, session: Stripe.Checkout.Session): Promise<Outcome> {
  if (session.metadata?.kind !== DONATION_METADATA_KIND) return 'ignored';
  const donation = await donationOfSession(context, session);
  if (!donation) return 'unknown';
  if (await moveTo(context, donation, 'failed')) await queueFailedNotice(context, donation);
  context.logger.warn('donation payment failed', { donationId: donation.id, mode: donation.mode });
  return 'handled';
}

async function onSessionExpired(context: DonationEventContext, session: Stripe.Checkout.Session): Promise<Outcome> {
  if (session.metadata?.kind !== DONATION_METADATA_KIND) return 'ignored';
  const donation = await donationOfSession(context, session);
  if (!donation) return 'unknown';
  await moveTo(context, donation, 'expired');
  return 'handled';
}

function subscriptionOfInvoice(invoice: Stripe.Invoice): { id: string; metadata: Stripe.Metadata | null } | null {
  const details = invoice.parent?.subscription_details;
  const id = idOf(details?.subscription);
  return id ? { id, metadata: details?.metadata ?? null } : null;
}

/** The payment intent behind a paid invoice, when the event carries its payments (it is not a top-level field any more). */
export function paymentIntentOfInvoice(invoice: Stripe.Invoice): string | null {
  for (const entry of invoice.payments?.data ?? []) {
    const id = idOf(entry.payment?.payment_intent);
    if (id) return id;
  }
  return null;
}

async function onInvoicePaid(context: DonationEventContext, invoice: Stripe.Invoice, at: Date): Promise<Outcome> {
  const subscription = subscriptionOfInvoice(invoice);
  if (!subscription) return 'ignored';
  const found = await donationOfSubscription(context, subscription.id, subscription.metadata);
  if (!found) return 'unknown';
  const donation = await rememberIds(context, found, { customer: idOf(invoice.customer) });
  const paidAt = invoice.status_transitions?.paid_at ? new Date(invoice.status_transitions.paid_at * 1000) : at;
  const isNew = await recordPayment(context, donation, {
    amountCents: invoice.amount_paid,
    currency: invoice.currency,
    status: 'paid',
    invoiceId: invoice.id,
    paymentIntentId: paymentIntentOfInvoice(invoice),
    paidAt,
  });
  await moveTo(context, donation, 'active', { confirmed_at: paidAt.toISOString() });
  if (isNew) await queuePaymentMails(context, await receiptAddressForInvoice(context, donation), invoice.amount_paid, paidAt);
  return 'handled';
}

async function onInvoiceFailed(context: DonationEventContext, invoice: Stripe.Invoice, at: Date): Promise<Outcome> {
  const subscription = subscriptionOfInvoice(invoice);
  if (!subscription) return 'ignored';
  const donation = await donationOfSubscription(context, subscription.id, subscription.metadata);
  if (!donation) return 'unknown';
  await recordPayment(context, donation, {
    amountCents: invoice.amount_due,
    currency: invoice.currency,
    status: 'failed',
    invoiceId: invoice.id,
    paidAt: at,
  });
  // The first debit of a pledge failed: it never started. A later month failing leaves it active (Stripe retries).
  if ((donation.status === 'open' || donation.status === 'pending') && (await moveTo(context, donation, 'failed'))) {
    await queueFailedNotice(context, donation);
  }
  context.logger.warn('monthly donation payment failed', {
    donationId: donation.id,
    invoiceId: invoice.id,
    attempt: invoice.attempt_count,
  });
  return 'handled';
}

async function onSubscriptionDeleted(context: DonationEventContext, subscription: Stripe.Subscription): Promise<Outcome> {
  const donation = await donationOfSubscription(context, subscription.id, subscription.metadata);
  if (!donation) return 'unknown';
  await moveTo(context, donation, 'cancelled');
  return 'handled';
}

async function onChargeRefunded(context: DonationEventContext, charge: Stripe.Charge): Promise<Outcome> {
  const { trx } = context;
  const paymentIntentId = idOf(charge.payment_intent);
  let payment = paymentIntentId
    ? await trx.selectFrom('donation_payments').selectAll().where('stripe_payment_intent_id', '=', paymentIntentId).executeTakeFirst()
    : undefined;
  payment ??= await trx.selectFrom('donation_payments').selectAll().where('stripe_charge_id', '=', charge.id).executeTakeFirst();
  if (!payment) return 'unknown';
  // Stripe's amount_refunded counts every refund of the charge so far: the larger figure is the newer
  // one, so events that come late or twice, or in any order, never take a refund back.
  const refundedCents = Math.max(payment.refunded_cents, charge.amount_refunded);
  if (!charge.refunded) return onPartlyRefunded(context, payment, charge, refundedCents);
  await trx
    .updateTable('donation_payments')
    .set({ status: 'refunded', refunded_cents: refundedCents, stripe_charge_id: payment.stripe_charge_id ?? charge.id })
    .where('id', '=', payment.id)
    .where('status', '=', 'paid')
    .execute();
  const donation = await trx.selectFrom('donations').selectAll().where('id', '=', payment.donation_id).executeTakeFirstOrThrow();
  // A gift refunded is a gift returned; a pledge keeps its state (one month refunded, the pledge goes on).
  if (donation.mode === 'one_time') await moveTo(context, donation, 'refunded');
  // Refunds are made in Stripe's dashboard and reach us only as this event: the trail records it as the
  // system's, as it does an order's (orders/payment-webhook.ts).
  await recordAudit(
    trx,
    SYSTEM_ACTOR,
    {
      action: 'donation.refunded',
      objectType: 'donation',
      objectId: donation.id,
      detail: { chargeId: charge.id, amountCents: charge.amount_refunded },
    },
    context.now,
  );
  return 'handled';
}

/**
 * Part of a payment went back (a €25 gift, €10 refunded in Stripe's dashboard): the payment stays paid,
 * its gift or pledge as it was, and what went back is kept (refunded_cents), so the admin list, the
 * totals and the treasurer's CSV count only what stayed. The trail records each new figure as the
 * system's, as it does a full refund; an event whose figure is not new (late, or repeated) changes nothing.
 */
async function onPartlyRefunded(
  context: DonationEventContext,
  payment: DonationPaymentRow,
  charge: Stripe.Charge,
  refundedCents: number,
): Promise<Outcome> {
  const { trx } = context;
  if (payment.status !== 'paid' || refundedCents === payment.refunded_cents) return 'handled';
  const updated = await trx
    .updateTable('donation_payments')
    .set({ refunded_cents: refundedCents, stripe_charge_id: payment.stripe_charge_id ?? charge.id })
    .where('id', '=', payment.id)
    .where('status', '=', 'paid')
    .where('refunded_cents', '<', refundedCents)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return 'handled';
  context.logger.info('donation partly refunded', { paymentId: payment.id, refundedCents, amountCents: payment.amount_cents });
  await recordAudit(
    trx,
    SYSTEM_ACTOR,
    {
      action: 'donation.partly_refunded',
      objectType: 'donation',
      objectId: payment.donation_id,
      detail: { chargeId: charge.id, amountCents: refundedCents, paymentCents: payment.amount_cents },
    },
    context.now,
  );
  return 'handled';
}
