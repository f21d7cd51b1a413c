import type Stripe from 'stripe';

/**
 * A PaymentIntent's statuses after its debit failed (a SEPA debit the bank refused): the Checkout session
 * stays "complete, unpaid" for good, so an order or a donation asked about it counts as not paid.
 */
export const DEBIT_FAILED: ReadonlySet<Stripe.PaymentIntent.Status> = new Set(['requires_payment_method', 'canceled']);
