import { describe, expect, it } from 'vitest';
import { createRequestPacer } from '@server/shop/request-pacer';

describe('createRequestPacer', () => {
  it('lets `perWindow` requests start at once, then each one a window after the one it replaces', async () => {
    let time = 0;
    const waits: number[] = [];
    const pacer = createRequestPacer({
      perWindow: 3,
      windowMs: 60_000,
      now: () => time,
      sleep: async (ms) => {
        waits.push(ms);
        time += ms;
      },
    });
    await Promise.all([pacer.take(), pacer.take(), pacer.take()]);
    expect(waits).toEqual([]);
    time += 10_000;
    await pacer.take();
    expect(waits).toEqual([50_000]);
    await Promise.all([pacer.take(), pacer.take()]);
    // The second and third of the first three were let start at 0 as well.
    expect(waits).toEqual([50_000]);
    await pacer.take();
    expect(waits).toEqual([50_000, 60_000]);
  });

  it('keeps its count when the sleep returns at once (a test’s), instead of letting everyone through', async () => {
    const waits: number[] = [];
    const pacer = createRequestPacer({ perWindow: 2, windowMs: 1000, now: () => 0, sleep: async (ms) => void waits.push(ms) });
    for (let i = 0; i < 6; i++) await pacer.take();
    expect(waits).toEqual([1000, 1000, 2000, 2000]);
  });
});
