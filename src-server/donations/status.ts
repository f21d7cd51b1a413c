import type Stripe from 'stripe';
import type { DonationState, DonationStatus } from '@shared/schemas/donation';
import type { Db } from '../db/connect';
import type { DonationStatus as RowStatus } from '../db/schema';
import type { Logger } from '../lib/logger';
import { describeStripeError } from '../payments/stripe-errors';

export type DonationStatusDeps = { db: Db; logger: Logger; stripe: Stripe | null };

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
 * row, never the URL's. When the webhook has not arrived yet (the row is still open), Stripe is asked
 * once for the session, only to word the page: recording is the webhook's job alone.
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
  try {
    const session = await deps.stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'complete') return answer(session.payment_status === 'unpaid' ? 'pending' : 'received');
    if (session.status === 'expired') return answer('failed');
  } catch (error) {
    deps.logger.warn('could not read a donation checkout session from stripe', { donationId: row.id, error: describeStripeError(error) });
  }
  return answer('open');
}
