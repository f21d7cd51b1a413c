import { afterEach, describe, expect, it } from 'vitest';
import { exportPaymentsCsv } from '@server/donations/admin';
import { exportSubscribersCsv } from '@server/newsletter/subscribers';
import { startTestRuntime, type TestRuntime } from '../support/test-runtime';

let runtime: TestRuntime;
afterEach(async () => {
  await runtime?.close();
});

// The team downloads its CSV files in Cologne: a file taken at 00:30 on 1 April there is named for
// 1 April, though it is still 31 March in UTC (and on a server running in UTC).
describe('the admin exports are named for the team day', () => {
  it('names the newsletter subscribers CSV like the donations CSV, after the day in Cologne', async () => {
    runtime = await startTestRuntime();
    const now = new Date('2026-03-31T22:30:00.000Z');
    expect((await exportPaymentsCsv(runtime.db, {}, now)).filename).toBe('donations-2026-04-01.csv');
    expect((await exportSubscribersCsv(runtime.db, now)).filename).toBe('newsletter-subscribers-2026-04-01.csv');
  });
});
