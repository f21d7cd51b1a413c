/**
 * Keeps a run of requests under a per-minute budget: Printful's v1 allows 120 requests a minute, and a
 * lockout of 60 s follows when they are exceeded (../shared/reference/printful-api.md §8). The catalog
 * asks for each product's details, several at a time; the pacer lets at most `perWindow` requests start
 * within any `windowMs`, so a large store takes longer to load instead of locking the shop (and the
 * order hand-over, on the same token) out for a minute.
 */
export type RequestPacer = {
  /** Resolves when one more request may start. Callers take their turns in order. */
  take(): Promise<void>;
};

export function createRequestPacer(options: {
  perWindow: number;
  windowMs: number;
  sleep: (ms: number) => Promise<void>;
  /** A monotonic time in ms. */
  now?: () => number;
}): RequestPacer {
  const { perWindow, windowMs, sleep } = options;
  const now = options.now ?? (() => performance.now());
  /** When the last `perWindow` requests were let start, oldest first (later than now() after a test's instant sleep). */
  const starts: number[] = [];
  let turn: Promise<void> = Promise.resolve();

  async function next(): Promise<void> {
    const current = now();
    const oldest = starts.length >= perWindow ? (starts[starts.length - perWindow] as number) : null;
    const startAt = oldest === null ? current : Math.max(current, oldest + windowMs);
    if (startAt > current) await sleep(startAt - current);
    starts.push(startAt);
    if (starts.length > perWindow) starts.splice(0, starts.length - perWindow);
  }

  return {
    take() {
      // A turn that failed (a sleep that threw) does not hold up the next.
      turn = turn.catch(() => undefined).then(next);
      return turn;
    },
  };
}
