/**
 * Keeps handing orders that Printful did not take at checkout (`pending_provider`) to Printful, with
 * backoff (submission.ts). Runs in the server process beside the mail worker; several processes may
 * run it at once, since each order is claimed before an attempt. In demo mode there is nothing to do.
 */
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { ShopProvider } from '../shop/provider';
import { claimDueOrder, submitClaimedOrder } from './submission';

const POLL_MS = 30_000;

export type OrderWorker = {
  /** Tries every order that is due now; resolves with how many Printful took. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

export function createOrderWorker(deps: { db: Db; provider: ShopProvider; clock: Clock; logger: Logger }): OrderWorker {
  const { db, provider, clock, logger } = deps;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function submitDue(): Promise<number> {
    let submitted = 0;
    for (;;) {
      const order = await claimDueOrder(db, clock.now());
      if (!order) return submitted;
      if ((await submitClaimedOrder({ db, provider, clock, logger }, order)) === 'submitted') submitted++;
    }
  }

  function runOnce(): Promise<number> {
    if (provider.kind === 'demo') return Promise.resolve(0);
    running ??= submitDue()
      .catch((error: unknown) => {
        logger.error('order worker run failed', { error });
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    runOnce,
    start() {
      if (provider.kind === 'demo') return;
      timer ??= setInterval(() => void runOnce(), POLL_MS);
      timer.unref();
      void runOnce();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
