import { describe, expect, it } from 'vitest';
import { teamDate, teamDateTime, teamDayStart, teamMonth, teamMonthRange } from '@server/lib/team-time';

describe('team time (Europe/Berlin)', () => {
  it('gives the day and month of an instant as Berlin sees it', () => {
    expect(teamDate('2026-02-28T23:30:00.000Z')).toBe('2026-03-01');
    expect(teamMonth('2026-02-28T22:59:59.999Z')).toBe('2026-02');
    expect(teamMonth('2026-06-30T22:00:00.000Z')).toBe('2026-07');
  });

  it('turns a month into its UTC range, in winter and summer time and across the year end', () => {
    expect(teamMonthRange('2026-03')).toEqual({ start: '2026-02-28T23:00:00.000Z', end: '2026-03-31T22:00:00.000Z' });
    expect(teamMonthRange('2026-10')).toEqual({ start: '2026-09-30T22:00:00.000Z', end: '2026-10-31T23:00:00.000Z' });
    expect(teamMonthRange('2025-12')).toEqual({ start: '2025-11-30T23:00:00.000Z', end: '2025-12-31T23:00:00.000Z' });
    expect(teamDayStart('2026-07-01')).toBe('2026-06-30T22:00:00.000Z');
    expect(teamDayStart('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
  });

  it('shows an instant as the team clock does, for the operator CLI', () => {
    expect(teamDateTime('2025-12-31T23:30:00.000Z')).toBe('2026-01-01 00:30');
    expect(teamDateTime('2026-07-01T08:05:59.999Z')).toBe('2026-07-01 10:05');
  });
});
