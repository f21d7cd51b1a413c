/** The lifecycle the mail, newsletter queue and order workers share: one run at a time, kicks, stop. */
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '@server/lib/logger';
import { createPollingWorker } from '@server/lib/polling-worker';

/** A worker whose runs wait until the test lets them finish, each resolving with its number. */
function heldWorker() {
  const releases: Array<() => void> = [];
  let runs = 0;
  const worker = createPollingWorker({
    name: 'test',
    pollMs: 60_000,
    logger: createLogger('silent'),
    run: () => {
      const run = ++runs;
      return new Promise<number>((resolve) => releases.push(() => resolve(run)));
    },
  });
  /** Lets the oldest waiting run finish. */
  const release = () => releases.shift()?.();
  return { worker, release, runs: () => runs };
}

describe('a polling worker', () => {
  it('runs one at a time: a call during a run gets that run, and one more run follows it', async () => {
    const { worker, release, runs } = heldWorker();
    const first = worker.runOnce();
    const during = worker.runOnce();
    expect(during).toBe(first);
    expect(runs()).toBe(1);
    release();
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(runs()).toBe(2));
    release();
  });

  it('logs a failed run and counts it as 0', async () => {
    const lines: string[] = [];
    const worker = createPollingWorker({
      name: 'test',
      pollMs: 60_000,
      logger: createLogger('debug', {}, (line) => lines.push(line)),
      run: () => Promise.reject(new Error('database away')),
    });
    expect(await worker.runOnce()).toBe(0);
    expect(lines.some((line) => line.includes('test run failed'))).toBe(true);
  });

  it('stop waits for the run under way, and no run follows it on its own', async () => {
    const { worker, release, runs } = heldWorker();
    worker.start();
    expect(worker.isPolling()).toBe(true);
    worker.runOnce(); // asks for one more after the run start began
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    expect(worker.isPolling()).toBe(false);
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stopping;
    worker.kick();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs()).toBe(1);
  });
});
