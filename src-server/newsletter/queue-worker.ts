/**
 * Queues the mails of every newsletter in 'sending' (sending.ts), in the background of the server
 * process: at start (a process killed halfway through a newsletter finishes it when it comes back), on
 * each tick, and when "send" kicks it. Several processes may run it at once: the delivery rows keep any
 * subscriber from getting a newsletter twice. Nothing here ever throws into a visitor's request.
 */
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { newslettersBeingSent, queueMissingMails, type QueueOptions } from './sending';

const POLL_MS = 30_000;

export type NewsletterQueueWorker = {
  /** Queues every missing mail of every newsletter being sent; resolves with how many were queued. */
  runOnce(): Promise<number>;
  /** Asks for a run soon (after "send"), without waiting for the next tick. */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
};

export function createNewsletterQueueWorker(
  deps: {
    db: Db;
    clock: Clock;
    logger: Logger;
    publicUrl: string;
    /** Woken after each batch, so the first mails go out while the rest are still being queued. */
    outbox: { kick(): void };
  } & QueueOptions,
): NewsletterQueueWorker {
  const { db, clock, logger, publicUrl, outbox } = deps;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let again = false;
  let stopped = false;

  const afterBatch = async (queuedSoFar: number) => {
    // Only a worker running on its own wakes the outbox: one run by hand (tests, the CLI) leaves the
    // outbox to whoever runs it, and one being stopped must not wake a worker that is shutting down.
    if (timer) outbox.kick();
    await deps.afterBatch?.(queuedSoFar);
  };

  async function queueAll(): Promise<number> {
    let queued = 0;
    for (const newsletter of await newslettersBeingSent(db)) {
      // One newsletter that fails (its next run tries again) does not hold up the others.
      try {
        queued += await queueMissingMails({ db, now: clock.now(), publicUrl, logger }, newsletter, {
          batchSize: deps.batchSize,
          afterBatch,
        });
      } catch (error) {
        logger.error('queueing a newsletter failed; will retry', { newsletterId: newsletter.id, error });
      }
    }
    return queued;
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true; // a run is under way and may have missed a newsletter sent just now; do one more after it
      return running;
    }
    running = queueAll()
      .catch((error: unknown) => {
        logger.error('newsletter queue run failed', { error });
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  return {
    runOnce,
    kick: () =>
      void setImmediate(() => {
        if (!stopped) void runOnce();
      }),
    start() {
      stopped = false;
      timer ??= setInterval(() => void runOnce(), POLL_MS);
      timer.unref();
      void runOnce();
    },
    async stop() {
      stopped = true;
      again = false;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
