import type Stripe from 'stripe';

/**
 * The payment methods every Checkout session of ours offers, donations and shop orders alike: card and
 * SEPA Direct Debit. Sent as `allowed_payment_method_types`, a filter on the methods switched on in the
 * Stripe Dashboard (`payment_method_types` is refused by the pinned API version).
 */
export const CHECKOUT_PAYMENT_METHODS: readonly Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[] = ['card', 'sepa_debit'];
