/**
 * Keeps handing orders that Printful did not take at checkout (`pending_provider`) to Printful, with
 * backoff (submission.ts). Runs in the server process beside the mail worker; several processes may
 * run it at once, since each order is claimed before an attempt. In demo mode there is nothing to do.
 */
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { createPollingWorker, type PollingWorker } from '../lib/polling-worker';
import type { ShopProvider } from '../shop/provider';
import { claimDueOrder, submitClaimedOrder } from './submission';

const POLL_MS = 30_000;

/** runOnce() resolves with how many orders Printful took. */
export type OrderWorker = PollingWorker;

/** The demo shop sends no orders: there is nothing to poll for. */
const IDLE_WORKER: OrderWorker = {
  runOnce: async () => 0,
  kick: () => undefined,
  start: () => undefined,
  stop: async () => undefined,
  isPolling: () => false,
  lastRun: () => null,
};

export function createOrderWorker(deps: { db: Db; provider: ShopProvider; clock: Clock; logger: Logger }): OrderWorker {
  const { db, provider, clock, logger } = deps;
  if (provider.kind === 'demo') return IDLE_WORKER;

  async function submitDue(): Promise<number> {
    let submitted = 0;
    for (;;) {
      const order = await claimDueOrder(db, clock.now());
      if (!order) return submitted;
      const status = await submitClaimedOrder({ db, provider, clock, logger }, order);
      if (status === 'submitted' || status === 'confirmed') submitted++;
    }
  }

  return createPollingWorker({ name: 'order worker', pollMs: POLL_MS, logger, run: submitDue });
}
