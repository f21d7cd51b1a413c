/**
 * Keeps handing orders that Printful did not take at checkout (`pending_provider`) to Printful, with
 * backoff (submission.ts). Runs in the server process beside the mail worker; several processes may
 * run it at once, since each order is claimed before an attempt. In demo mode there is nothing to do.
 * With Stripe, each run first asks Stripe about orders whose payment webhook never came
 * (reconcile-payments.ts), so that one found paid goes to Printful in the same run.
 */
import type Stripe from 'stripe';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { createPollingWorker, IDLE_POLLING_WORKER, type PollingWorker } from '../lib/polling-worker';
import type { ShopProvider } from '../shop/provider';
import { reconcileStalePayments } from './reconcile-payments';
import { claimDueOrder, submitClaimedOrder } from './submission';
import { teamMailOf } from './team-mails';

const POLL_MS = 30_000;

/** runOnce() resolves with how many orders Printful took. */
export type OrderWorker = PollingWorker;

export function createOrderWorker(deps: {
  db: Db;
  provider: ShopProvider;
  clock: Clock;
  logger: Logger;
  stripe: Stripe | null;
  config: Config;
}): OrderWorker {
  const { db, provider, clock, logger, stripe, config } = deps;
  // The demo shop sends no orders: there is nothing to poll for.
  if (provider.kind === 'demo') return IDLE_POLLING_WORKER;
  const team = teamMailOf(config);

  async function submitDue(): Promise<number> {
    if (stripe) await reconcileStalePayments({ db, stripe, clock, logger, config });
    let submitted = 0;
    for (;;) {
      const order = await claimDueOrder(db, clock.now());
      if (!order) return submitted;
      const status = await submitClaimedOrder({ db, provider, clock, logger, team }, order);
      if (status === 'submitted' || status === 'confirmed') submitted++;
    }
  }

  return createPollingWorker({ name: 'order worker', pollMs: POLL_MS, logger, run: submitDue });
}
