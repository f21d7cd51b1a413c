/**
 * POST /api/stripe/webhook (ADR 030): Stripe tells us what happened to a payment. The request comes
 * from Stripe's servers, not from a page of ours, so it is exempt from the Origin check (app.ts); the
 * Stripe-Signature header over the raw body is what authorizes it. Without a valid, fresh signature
 * nothing is read further. Each event id is recorded once, in the same transaction as its effects:
 * a redelivered event is acknowledged and changes nothing.
 */
import type { Context } from 'hono';
import type Stripe from 'stripe';
import type { RequestVariables } from '../http/request-context';
import type { AppDeps } from '../trpc';
import { handleStripeEvent, type StripeEventOutcome } from './handle-event';
import { withStripeReads } from './stripe-reads';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export type StripeWebhookDeps = Pick<AppDeps, 'config' | 'db' | 'clock' | 'stripe' | 'outbox' | 'orderQueue' | 'metrics'>;

type Recorded = { duplicate: true } | { duplicate: false; outcome: StripeEventOutcome };

export function stripeWebhookHandler(deps: StripeWebhookDeps) {
  const { config, db, clock, stripe, outbox, orderQueue } = deps;
  // Counted for /metrics (schoolbox_stripe_webhook_refused_total): an operator alerts on it, not on a log line.
  const refused = deps.metrics.stripeWebhook.refused;
  return async (c: Context<{ Variables: RequestVariables }>): Promise<Response> => {
    const logger = c.get('logger');
    if (!stripe || !config.stripe) return c.json({ error: { code: 'NOT_FOUND', message: 'No such API endpoint' } }, 404);
    const { webhookSecret } = config.stripe;

    // The signature covers the exact bytes: read them once, as text, and never parse before verifying.
    const raw = await c.req.text();
    const header = c.req.header('stripe-signature') ?? '';
    let event: Stripe.Event;
    try {
      // Default tolerance (300 s): an older signature is a replay, not a retry (retries are signed anew).
      event = await stripe.webhooks.constructEventAsync(raw, header, webhookSecret);
    } catch (error) {
      // A wrong secret shows up here first; the message names the reason (no header, mismatch, too old).
      logger.warn('stripe webhook refused', { reason: error instanceof Error ? error.message.split('\n')[0] : String(error) });
      refused.signature++;
      return c.json({ error: { code: 'SIGNATURE_INVALID', message: 'Invalid signature' } }, 400);
    }

    if (event.livemode !== config.stripe.secretKey.includes('_live_')) {
      // Signed with this endpoint's secret, yet from the other mode: a misconfiguration, never money to book.
      logger.warn('stripe event from the other mode ignored', { type: event.type, id: event.id, livemode: event.livemode });
      refused.other_mode++;
      return c.json({ received: true, ignored: true });
    }

    let recorded: Recorded;
    try {
      // A handler that needs an object from Stripe gets it between runs of the transaction, never inside it (stripe-reads.ts).
      recorded = await withStripeReads((reads) =>
        db.transaction().execute(async (trx): Promise<Recorded> => {
          const now = clock.now();
          const inserted = await trx
            .insertInto('stripe_events')
            .values({
              id: event.id,
              type: event.type,
              livemode: event.livemode ? 1 : 0,
              created_at: new Date(event.created * 1000).toISOString(),
              received_at: now.toISOString(),
            })
            // A concurrent delivery of the same event waits for this row's transaction, then inserts nothing.
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return { duplicate: true };
          return { duplicate: false, outcome: await handleStripeEvent({ config, clock, logger, stripe, reads }, trx, event) };
        }),
      );
    } catch (error) {
      // Nothing was recorded: Stripe retries, and the retry runs the handler again from the start.
      logger.error('stripe webhook failed', { type: event.type, id: event.id, error });
      return c.json({ error: { code: 'INTERNAL', message: 'Internal error' } }, 500);
    }
    if (recorded.duplicate) {
      logger.info('stripe event already recorded', { type: event.type, id: event.id });
      return c.json({ received: true, duplicate: true });
    }
    logger.info('stripe event recorded', { type: event.type, id: event.id, outcome: recorded.outcome });
    // A handled event may have queued a thank-you mail: wake the mail worker now that it is committed.
    // A paid shop order waits for the order worker: wake it too, so it reaches Printful without waiting for a poll.
    if (recorded.outcome === 'handled') {
      outbox.kick();
      orderQueue.kick();
    }
    return c.json({ received: true });
  };
}
