import { describe, expect, it } from 'vitest';
import { teamDate } from '@server/lib/team-time';
import { orderRetentionCutoff } from '@server/retention/delete';

// § 147 Abs. 4 AO counts from the end of the calendar year of the booking; the books (and the treasurer's
// CSV, teamDate) date a booking in Cologne, so the year ends at midnight there, not at midnight UTC.
describe('orderRetentionCutoff (8 years from the end of the team calendar year)', () => {
  it('starts at midnight in Berlin on 1 January, eight years back', () => {
    expect(orderRetentionCutoff(new Date('2026-03-02T10:00:00Z'), 8)).toBe('2017-12-31T23:00:00.000Z');
    expect(orderRetentionCutoff(new Date('2031-06-30T22:30:00Z'), 8)).toBe('2022-12-31T23:00:00.000Z');
  });

  it('keeps a gift made at 00:30 on New Year’s Day in Cologne (23:30 UTC the day before) for its own year', () => {
    const gift = '2017-12-31T23:30:00.000Z';
    expect(teamDate(gift)).toBe('2018-01-01');
    // On 1 January 2026 only the bookings of 2017 and earlier are past their eight years.
    expect(gift < orderRetentionCutoff(new Date('2026-01-01T09:00:00Z'), 8)).toBe(false);
    // Half an hour into 2027 in Cologne (still 2026 in UTC), the bookings of 2018 go.
    expect(gift < orderRetentionCutoff(new Date('2026-12-31T23:30:00Z'), 8)).toBe(true);
    // A minute before midnight on 31 December 2017 in Cologne is a booking of 2017.
    expect('2017-12-31T22:59:00.000Z' < orderRetentionCutoff(new Date('2026-01-01T09:00:00Z'), 8)).toBe(true);
  });
});
