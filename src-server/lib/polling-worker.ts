import type { Logger } from './logger';

/**
 * A background job of the server process (mail, newsletter queue, orders): it runs every `pollMs`
 * once started, when kicked, or when called by hand (tests, the CLI). There is never more than one run
 * at a time; a kick or call during a run asks for one more right after it, since the run may have
 * missed what the kick was about. A failed run is logged and counts as 0: nothing here throws into a
 * visitor's request.
 */
export type PollingWorker = {
  /** Runs now, or once more after the run under way; resolves with what that run did (how many sent, queued …). */
  runOnce(): Promise<number>;
  /** Asks for a run soon (after a request gave it work), without waiting for the next poll. */
  kick(): void;
  start(): void;
  /** Stops polling and waits for the run under way; no run starts after it on its own. */
  stop(): Promise<void>;
  /** Whether it runs on its own (started, not stopped): only then does it wake other workers. */
  isPolling(): boolean;
  /** How the last finished run went, for /metrics (wall-clock ms); null before the first. */
  lastRun(): WorkerRun | null;
};

export type WorkerRun = { finishedAt: number; ok: boolean };

/**
 * A worker with nothing to do in this setup (the demo shop's orders, donations without Stripe): it never
 * runs. One object for every such worker, hence frozen.
 */
export const IDLE_POLLING_WORKER: PollingWorker = Object.freeze({
  runOnce: async () => 0,
  kick: () => undefined,
  start: () => undefined,
  stop: async () => undefined,
  isPolling: () => false,
  lastRun: () => null,
});

export function createPollingWorker(options: {
  /** Names the worker in the log ("<name> run failed"). */
  name: string;
  pollMs: number;
  logger: Logger;
  /** One run: does whatever is due and resolves with how much it did. */
  run(): Promise<number>;
  /** After a run: in how many ms a polling worker should run again, when that is sooner than the next poll (paced mail). */
  nextRunInMs?(): number | null;
}): PollingWorker {
  const { name, pollMs, logger, run } = options;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let wake: NodeJS.Timeout | null = null;
  let again = false;
  let stopped = false;
  let lastRun: WorkerRun | null = null;

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .then(
        (done) => {
          lastRun = { finishedAt: Date.now(), ok: true };
          return done;
        },
        (error: unknown) => {
          lastRun = { finishedAt: Date.now(), ok: false };
          logger.error(`${name} run failed`, { error });
          return 0;
        },
      )
      .finally(() => {
        running = null;
        const more = again && !stopped;
        again = false;
        if (more) void runOnce();
        else wakeSooner();
      });
    return running;
  }

  /** A polling worker comes back when its next piece of work is due, rather than at the next poll. */
  function wakeSooner() {
    const delay = timer ? options.nextRunInMs?.() : null;
    if (delay == null || delay >= pollMs) return;
    if (wake) clearTimeout(wake);
    wake = setTimeout(
      () => {
        wake = null;
        void runOnce();
      },
      Math.max(0, delay),
    );
    wake.unref();
  }

  return {
    runOnce,
    kick: () =>
      void setImmediate(() => {
        if (!stopped) void runOnce();
      }),
    start() {
      stopped = false;
      timer ??= setInterval(() => void runOnce(), pollMs);
      timer.unref();
      void runOnce();
    },
    async stop() {
      stopped = true;
      again = false;
      if (timer) clearInterval(timer);
      timer = null;
      if (wake) clearTimeout(wake);
      wake = null;
      await running;
    },
    isPolling: () => timer !== null,
    lastRun: () => lastRun,
  };
}
