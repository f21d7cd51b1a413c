import { describe, expect, it } from 'vitest';
import { newOrderNumber } from '@server/orders/order-number';

// The number names the day the confirmation mail and /orders-admin show: the team's day in Cologne.
describe('newOrderNumber', () => {
  it('names the day as Cologne counts it, in winter and summer time', () => {
    expect(newOrderNumber(new Date('2026-03-02T10:00:00Z'))).toMatch(/^SB-260302-[2-9A-HJ-NP-Z]{5}$/);
    // 00:30 on 2 March in Cologne, still 1 March in UTC.
    expect(newOrderNumber(new Date('2026-03-01T23:30:00Z'))).toMatch(/^SB-260302-/);
    // 00:30 on 1 July (summer time, UTC+2), still 30 June in UTC.
    expect(newOrderNumber(new Date('2026-06-30T22:30:00Z'))).toMatch(/^SB-260701-/);
    // 23:30 on 31 December in Cologne stays in the old year.
    expect(newOrderNumber(new Date('2026-12-31T22:30:00Z'))).toMatch(/^SB-261231-/);
  });
});
