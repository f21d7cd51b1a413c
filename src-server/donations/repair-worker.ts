/**
 * Runs the donations' repair (reconcile.ts) in the background of every server process, beside the order
 * worker, which does the same for orders: the order worker stands still without a real shop, while
 * donations need only Stripe. Without Stripe there is nothing to ask, and the worker idles.
 */
import type Stripe from 'stripe';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { createPollingWorker, IDLE_POLLING_WORKER, type PollingWorker } from '../lib/polling-worker';
import { reconcileStaleDonations } from './reconcile';

/** A donation is asked about at most hourly, and only a day after its Checkout: a few minutes' lag costs nothing. */
const POLL_MS = 5 * 60_000;

/** runOnce() resolves with how many donations changed status. */
export type DonationRepairWorker = PollingWorker;

export function createDonationRepairWorker(deps: {
  db: Db;
  stripe: Stripe | null;
  clock: Clock;
  logger: Logger;
  config: Config;
  /** Wakes the mail worker for the thank-you mails a repair queued. */
  outbox: { kick(): void };
}): DonationRepairWorker {
  const { stripe, outbox } = deps;
  if (!stripe) return IDLE_POLLING_WORKER;
  return createPollingWorker({
    name: 'donation repair',
    pollMs: POLL_MS,
    logger: deps.logger,
    run: async () => {
      const changed = await reconcileStaleDonations({ ...deps, stripe });
      if (changed > 0) outbox.kick();
      return changed;
    },
  });
}
