import { describe, expect, it } from 'vitest';
import { monthChoices } from '@client/features/donations/admin/month-label';

describe("the donations admin's month filter", () => {
  it("starts at the team's month: at 00:30 on 1 January in Cologne it offers January, not only December", () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Cologne (CET, UTC+1), where the server counts the gift.
    const choices = monthChoices(new Date('2026-12-31T23:30:00Z'), []);
    expect(choices[0]).toBe('2027-01');
    expect(choices).toHaveLength(12);
    expect(choices.at(-1)).toBe('2026-02');
  });

  it('adds every month money came in, newest first', () => {
    expect(monthChoices(new Date('2026-06-15T10:00:00Z'), ['2024-03'])).toEqual([
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
      '2025-10',
      '2025-09',
      '2025-08',
      '2025-07',
      '2024-03',
    ]);
  });
});
