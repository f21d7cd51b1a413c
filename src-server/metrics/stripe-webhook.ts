import type { Exposition } from './exposition';

/**
 * Why a request to the Stripe webhook booked nothing although it may have been Stripe's: `signature`,
 * refused with 400 (a wrong STRIPE_WEBHOOK_SECRET refuses every real event, as does a forgery);
 * `other_mode`, a verified event of the other mode (test/live), acknowledged and ignored.
 */
export const STRIPE_WEBHOOK_REFUSALS = ['signature', 'other_mode'] as const;
export type StripeWebhookRefusal = (typeof STRIPE_WEBHOOK_REFUSALS)[number];

/** Refused webhook requests by reason; the webhook route increments them, /metrics reads them. */
export type StripeWebhookMetrics = { refused: Record<StripeWebhookRefusal, number> };

export function createStripeWebhookMetrics(): StripeWebhookMetrics {
  return { refused: { signature: 0, other_mode: 0 } };
}

export function writeStripeWebhookMetrics(webhook: StripeWebhookMetrics, out: Exposition): void {
  out.family(
    'schoolbox_stripe_webhook_refused_total',
    'counter',
    'Stripe webhook requests that booked nothing: a signature that did not verify (400) or an event of the other mode (test/live).',
  );
  for (const reason of STRIPE_WEBHOOK_REFUSALS) out.sample('schoolbox_stripe_webhook_refused_total', { reason }, webhook.refused[reason]);
}
