import type Stripe from 'stripe';
import type { DonationState, DonationStatus } from '@shared/schemas/donation';
import type { DonationStatus as RowStatus } from '../db/schema';
import { describeStripeError } from '../payments/stripe-errors';
import type { AppDeps } from '../trpc';
import { askCheckout } from './ask-checkout';
import { recordAskedCheckout } from './record-checkout';
import type { AskedCheckout } from './webhook';

export type DonationStatusDeps = Pick<AppDeps, 'db' | 'logger' | 'stripe' | 'clock' | 'config' | 'outbox'>;

const STATE_OF_ROW: Record<RowStatus, DonationState> = {
  open: 'open',
  pending: 'pending',
  paid: 'received',
  active: 'received',
  // The money did arrive; what happened later is not the thank-you page's business.
  refunded: 'received',
  cancelled: 'received',
  failed: 'failed',
  expired: 'failed',
};

/**
 * What the thank-you page says for a Checkout session (ADR 031). The amount and mode are the server's
 * row, never the URL's. While the webhook has not arrived (the row is still open), Stripe is asked for
 * the session, and what it says is recorded as the webhook would record it (Stripe's fulfilment guide:
 * from the webhook and from the landing page, through one idempotent function, applyDonationCheckout):
 * a paid gift or a pledge's paid first month is recorded with its thank-you (and the team's receipt
 * mail above the limit) when the page says "received", also when the webhook is late or lost; the
 * event, coming later, finds it recorded and changes nothing.
 */
export async function donationStatus(deps: DonationStatusDeps, sessionId: string): Promise<DonationStatus> {
  const row = await deps.db
    .selectFrom('donations')
    .select(['id', 'status', 'amount_cents', 'mode'])
    .where('stripe_session_id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return { state: 'unknown', amountCents: null, mode: null };
  const answer = (state: DonationState): DonationStatus => ({ state, amountCents: row.amount_cents, mode: row.mode });
  if (row.status !== 'open' || !deps.stripe) return answer(STATE_OF_ROW[row.status]);
  const stripe: Stripe = deps.stripe;
  let asked: AskedCheckout;
  try {
    // The donor waits: the client's short timeout applies (stripe-client.ts).
    asked = await askCheckout(stripe, sessionId);
  } catch (error) {
    deps.logger.warn('could not read a donation checkout session from stripe', { donationId: row.id, error: describeStripeError(error) });
    return answer('open');
  }
  if (asked.session.status === 'open') return answer('open');
  const { handled, status } = await recordAskedCheckout({ ...deps, stripe }, row.id, asked, deps.clock.now());
  if (handled) deps.outbox.kick();
  if (status !== 'open') {
    // Mostly the page overtaking its webhook by a moment; often, or hours late, it is the webhook failing.
    deps.logger.info('donation settled from stripe on the thank-you page', {
      donationId: row.id,
      sessionStatus: asked.session.status,
      paymentStatus: asked.session.payment_status,
      donationStatus: status,
    });
  }
  return answer(STATE_OF_ROW[status]);
}
