import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PaymentMethod } from './shop-terms';

/** Each payment method as the checkout (above the order button) and the confirmation mail name it. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  bank_transfer_in_advance: msg`Vorkasse per Banküberweisung (die Bankverbindung senden wir Ihnen nach der Bestellung per E-Mail)`,
  stripe_checkout: msg`Kreditkarte oder SEPA-Lastschrift über Stripe (Sie zahlen direkt nach der Bestellung auf der Zahlungsseite von Stripe)`,
};

/** The payment method in the confirmation of an order paid online (sent once Stripe confirmed the money). */
export const PAID_ONLINE_LABEL: MessageDescriptor = msg`Kreditkarte oder SEPA-Lastschrift über Stripe (bezahlt)`;
