/**
 * How many fresh page renderings run at once, and how many may wait for one (ADR 043). A rendering
 * holds the page's whole React tree, its query results and its HTML in memory until it is sent; fifty
 * at once grew the process past 330 MiB while each took longer (they share two cores). A few at a time
 * finish as fast in total and keep memory bounded; beyond the queue a request is told to come back.
 * Cached answers never take a slot.
 */
export const FRESH_RENDER_LIMITS = { running: 4, waiting: 200, retryAfterSeconds: 5 } as const;

/** Thrown instead of queueing when the queue is full: the page answers 503 with Retry-After. */
export class RenderQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many page renderings waiting');
  }
}

export type RenderSlots = {
  /** Runs `work` once a slot is free, first come first served. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Renderings running now and waiting now (for tests and /metrics). */
  state(): { running: number; waiting: number };
};

export function createRenderSlots(
  limits: { running: number; waiting: number; retryAfterSeconds: number } = FRESH_RENDER_LIMITS,
): RenderSlots {
  let running = 0;
  // Resolvers of the waiting requests, oldest first.
  const waiting: Array<() => void> = [];

  function release() {
    const next = waiting.shift();
    // The slot passes straight to the oldest waiting request; `running` stays as it is.
    if (next) next();
    else running--;
  }

  return {
    async run(work) {
      if (running < limits.running) running++;
      else if (waiting.length >= limits.waiting) throw new RenderQueueFull(limits.retryAfterSeconds);
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    state: () => ({ running, waiting: waiting.length }),
  };
}
