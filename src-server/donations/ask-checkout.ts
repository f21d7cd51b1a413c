/**
 * Asks Stripe how a donation's Checkout session ended, for a donation whose events have not come (the
 * thank-you page, status.ts; the repair, reconcile.ts): the session, and what its events would have
 * carried besides. A pledge's money is its first invoice, not its session; a SEPA debit's failure shows
 * only on its PaymentIntent, while the session stays "complete, unpaid". applyDonationCheckout
 * (webhook.ts) records the answer.
 */
import type Stripe from 'stripe';
import { type AskedCheckout, paymentIntentOfInvoice } from './webhook';
import { idOf } from '../payments/stripe-id';

export async function askCheckout(
  stripe: Stripe,
  sessionId: string,
  options: {
    /** The repair's patience (BACKGROUND_STRIPE_REQUEST); the page's donor waits, so the client's own. */
    request?: Stripe.RequestOptions;
    /**
     * Also ask the PaymentIntent: whether an unpaid debit failed, and when a gift was paid. The repair does,
     * a day or more later; the page, a moment after Checkout, need not (its "now" is the moment of paying).
     */
    withIntent?: boolean;
  } = {},
): Promise<AskedCheckout> {
  const session = await stripe.checkout.sessions.retrieve(sessionId, {}, options.request);
  if (session.status !== 'complete') return { session };
  const unpaid = session.payment_status === 'unpaid';
  const invoiceId = idOf(session.invoice);
  // A pledge: its first invoice says whether the first month's money is in (and carries its PaymentIntent).
  const invoice =
    session.mode === 'subscription' && invoiceId && (!unpaid || options.withIntent)
      ? await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }, options.request)
      : null;
  // A pledge's paid invoice has its own paid_at; a gift's moment is its PaymentIntent's.
  if (!options.withIntent || (!unpaid && session.mode === 'subscription')) return { session, invoice };
  const intentId = idOf(session.payment_intent) ?? (invoice ? paymentIntentOfInvoice(invoice) : null);
  const intent = intentId ? await stripe.paymentIntents.retrieve(intentId, {}, options.request) : null;
  return { session, invoice, intent };
}
