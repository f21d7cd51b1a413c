/**
 * Queues the mails of every newsletter in 'sending' (sending.ts), in the background of the server
 * process: at start (a process killed halfway through a newsletter finishes it when it comes back), on
 * each tick, and when "send" kicks it. Several processes may run it at once: the delivery rows keep any
 * subscriber from getting a newsletter twice. Nothing here ever throws into a visitor's request.
 */
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { createPollingWorker, type PollingWorker } from '../lib/polling-worker';
import { newslettersBeingSent, queueMissingMails, type QueueOptions } from './sending';

const POLL_MS = 30_000;

/** runOnce() resolves with how many mails were queued; kick() after "send". */
export type NewsletterQueueWorker = PollingWorker;

export function createNewsletterQueueWorker(
  deps: {
    db: Db;
    clock: Clock;
    logger: Logger;
    publicUrl: string;
    /** Named in the mails' footer. */
    orgName: string;
    /** Woken after each batch, so the first mails go out while the rest are still being queued. */
    outbox: { kick(): void };
  } & QueueOptions,
): NewsletterQueueWorker {
  const { db, clock, logger, publicUrl, orgName, outbox } = deps;
  const afterBatch = async (queuedSoFar: number) => {
    // Only a worker running on its own wakes the outbox: one run by hand (tests, the CLI) leaves the
    // outbox to whoever runs it, and one being stopped must not wake a worker that is shutting down.
    if (worker.isPolling()) outbox.kick();
    await deps.afterBatch?.(queuedSoFar);
  };

  async function queueAll(): Promise<number> {
    let queued = 0;
    for (const newsletter of await newslettersBeingSent(db)) {
      // One newsletter that fails (its next run tries again) does not hold up the others.
      try {
        queued += await queueMissingMails({ db, now: clock.now(), publicUrl, orgName, logger }, newsletter, {
          batchSize: deps.batchSize,
          afterBatch,
        });
      } catch (error) {
        logger.error('queueing a newsletter failed; will retry', { newsletterId: newsletter.id, error });
      }
    }
    return queued;
  }

  // A kick during a run asks for one more: the run under way may have missed a newsletter sent just now.
  const worker = createPollingWorker({ name: 'newsletter queue', pollMs: POLL_MS, logger, run: queueAll });
  return worker;
}
