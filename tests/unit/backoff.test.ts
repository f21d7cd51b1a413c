import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from '@server/lib/backoff';

describe('backoffDelayMs', () => {
  it('waits the first delay after the first attempt, doubles with each further one, up to the cap', () => {
    expect([0, 1, 2, 3, 4, 8, 30].map((attempts) => backoffDelayMs(attempts, 30_000, 3_600_000))).toEqual([
      30_000, 30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });
});
